import { GENERATOR_LIMITS } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { escapeHtml } from "../../lib/escape-html.js";
import { bodyStyles, documentDir, documentLang, ensureDocument, findPreheader } from "../document.js";
import { firstElement, isTag, visibleText } from "../dom.js";
import type { EmailPass } from "./pass.js";

const MAX = GENERATOR_LIMITS.emailMaxWidthPx;
const DEFAULT_BACKGROUND = "#f4f4f5";

/** The hidden preheader: hidden in every client (mso-hide for Outlook), padded so no body text follows it. */
export function hiddenPreheader(text: string): string {
  const spacer = "&#847;&zwnj;&nbsp;".repeat(30);
  return `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(text)}${spacer}</div>`;
}

/**
 * Generated emails (model output, maybe a fragment) go into our clean skeleton: doctype, html lang/dir with the
 * VML namespaces, charset, viewport, colour-scheme metas, <title>, the head's kept <style>, then a wrapper <div>
 * (role="article", lang, dir, the body's styles) around a 600 px centred column with an Outlook (MSO) fixed-width
 * table. The model's hidden preheader stays where it is; without one, the answer's preheader field is added.
 */
export const skeleton: EmailPass = {
  name: "skeleton",
  run($, options) {
    if (options.source !== "generated") return [];
    ensureDocument($);
    const lang = documentLang($) ?? "en";
    const dir = documentDir($);
    const { wrapper } = bodyStyles($);
    const background = wrapper.get("background-color") ?? colourOf(wrapper.get("background")) ?? DEFAULT_BACKGROUND;
    wrapper.delete("background");
    wrapper.set("background-color", background);
    const wrapperStyle = [...wrapper].map(([k, v]) => `${k}:${v}`).join(";");
    const subject = (options.subject?.trim() || visibleText($(firstElement($, "title")).text()) || "Your email").slice(
      0,
      200,
    );
    const hasPreheader = !!findPreheader($);
    const preheader = options.preheader?.trim();

    // What the model put in <head> that we keep: the merged <style>, the web-font block, conditional comments.
    const kept = $(firstElement($, "head"))
      .contents()
      .filter((_, n) => n.type === "comment" || (isTag(n) && ["style", "link"].includes((n as Element).name)))
      .toArray()
      .map((n) => $.html(n))
      .join("\n");
    const content = $(firstElement($, "body")).contents();
    const doc = `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${dir}" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
${kept}
</head>
<body style="margin:0;padding:0;word-spacing:normal;background-color:${background};">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="${escapeHtml(lang)}" dir="${dir}" style="${escapeHtml(wrapperStyle)}">
${!hasPreheader && preheader ? hiddenPreheader(preheader) : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${background};">
<tr>
<td align="center" style="padding:0;">
<!--[if mso]><table role="presentation" width="${MAX}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td width="${MAX}"><![endif]-->
<div style="max-width:${MAX}px;margin:0 auto;" data-mailsmith-content>
</div>
<!--[if mso]></td></tr></table><![endif]-->
</td>
</tr>
</table>
</div>
</body>
</html>
`;
    // The model's nodes move into the column as they are (no serialising and re-parsing of the content).
    content.remove();
    const root = $.root();
    root.empty();
    root.append(doc);
    const column = $("[data-mailsmith-content]").first();
    column.removeAttr("data-mailsmith-content");
    column.empty().append(content);
    return [];
  },
};

function colourOf(background: string | undefined): string | undefined {
  const m = background?.match(/(#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|\b[a-z]+\b)/i);
  const v = m?.[1];
  if (!v || /^(none|transparent|inherit|initial|url|no|repeat|center|top|left|right|bottom)$/i.test(v))
    return undefined;
  return v;
}
