import { EMAIL_FIX_TEXTS as T, type TEmailFixChange } from "@mailsmith/shared";
import { formatHex, wcagContrast } from "culori";
import type { Element } from "domhandler";
import { short } from "../checks/check.js";
import { ComputedStyles } from "../checks/computed.js";
import { suggestAlt } from "../checks/images.js";
import { isTag, parseStyle, stringifyStyle, styleOf, visibleText } from "../dom.js";
import type { FixPass } from "../fixes/fix-pass.js";

/** Where a social or store link goes, by its host (the name a screen reader should say for its icon). */
const SERVICES: [RegExp, string][] = [
  [/(?:^|\.)(?:twitter|x)\.com$/, "X (Twitter)"],
  [/(?:^|\.)(?:facebook|fb)\.com$/, "Facebook"],
  [/(?:^|\.)instagram\.com$/, "Instagram"],
  [/(?:^|\.)linkedin\.com$/, "LinkedIn"],
  [/(?:^|\.)(?:youtube\.com|youtu\.be)$/, "YouTube"],
  [/(?:^|\.)pinterest\.[a-z.]+$/, "Pinterest"],
  [/(?:^|\.)tiktok\.com$/, "TikTok"],
  [/(?:^|\.)github\.com$/, "GitHub"],
  [/(?:^|\.)threads\.net$/, "Threads"],
  [/(?:^|\.)bsky\.app$/, "Bluesky"],
  [/(?:^|\.)mastodon\.[a-z.]+$/, "Mastodon"],
  [/(?:^|\.)discord\.(?:gg|com)$/, "Discord"],
  [/(?:^|\.)reddit\.com$/, "Reddit"],
  [/(?:^|\.)(?:wa\.me|whatsapp\.com)$/, "WhatsApp"],
  [/(?:^|\.)t\.me$/, "Telegram"],
  [/(?:^|\.)vimeo\.com$/, "Vimeo"],
  [/(?:^|\.)apps\.apple\.com$/, "App Store"],
  [/(?:^|\.)play\.google\.com$/, "Google Play"],
];

function hostOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    return /^https?:$/.test(url.protocol) ? url.hostname.replace(/^www\./, "").toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The name of a link whose only content is a picture: the service it goes to (a share link names it: "Share on
 * X (Twitter)"), else the picture's own title or file-name words ("Summer sale"), else undefined — then only the member
 * knows what it shows. The link's destination is what a reader needs to hear; nothing is made up about the picture.
 */
export function linkImageName(href: string, img: Element): string | undefined {
  const host = hostOf(href);
  const service = host ? SERVICES.find(([re]) => re.test(host))?.[1] : undefined;
  if (service) return /share|intent|sharer/i.test(href) ? `Share on ${service}` : service;
  return suggestAlt(img);
}

/**
 * Links whose only content is pictures with no alt text (or alt="") have no name: a screen reader says "link" or
 * reads the address. The picture's alt is the link's name, so the first picture gets the name of where the link goes
 * (linkImageName); when nothing says it, the picture waits for the member's alt text (listed, not applied).
 */
export const a11yLinkNames: FixPass = {
  name: "a11y-link-names",
  run({ $, styles }) {
    const out: TEmailFixChange[] = [];
    $("body a[href]").each((_, node) => {
      const a = node as Element;
      if (a.attribs["aria-label"]?.trim() || visibleText($(a).text())) return;
      const imgs = $(a).find("img").toArray() as Element[];
      if (imgs.length === 0 || imgs.some((img) => img.attribs.alt?.trim())) return;
      const img = imgs.find((i) => !styles.of(i).hidden);
      if (!img) return;
      const src = short(img.attribs.src ?? "", 70);
      const before = `<img src="${src}"${img.attribs.alt === undefined ? "" : ' alt=""'}>`;
      const name = linkImageName(a.attribs.href ?? "", img);
      if (!name) {
        // A picture with no alt at all is listed by a11y-images; one with alt="" is listed here.
        if (img.attribs.alt !== undefined)
          out.push({ id: "a11y.alt", reason: T.altWaiting, before, after: 'alt="…"', applied: false });
        return;
      }
      img.attribs.alt = name;
      out.push({ id: "a11y.linkName", reason: T.linkNamed, before, after: `alt="${name}"`, applied: true });
    });
    return out;
  },
};

const TEXT_BLOCK = "p, li, td, th, div, blockquote, h1, h2, h3, h4, h5, h6, dd";
/** WCAG 1.4.1 (axe link-in-text-block): a link told from its text by colour alone needs 3:1 against it. */
const LINK_TEXT_CONTRAST = 3;

/**
 * A link inside a sentence that differs from the text around it only by a colour too close to it (below 3:1) gets
 * an underline, as browsers draw links by default: colour alone does not tell a colour-blind reader where it is.
 * Links on their own (buttons, menus, footers of links only) are left as they are. Runs after the contrast repair,
 * on the colours it left (it reads them afresh): a repaired link colour may come closer to its repaired text.
 */
export const a11yLinkUnderline: FixPass = {
  name: "a11y-link-underline",
  run({ $ }) {
    const styles = new ComputedStyles();
    const out: TEmailFixChange[] = [];
    $("body a[href]").each((_, node) => {
      const a = node as Element;
      const text = visibleText($(a).text());
      if (!text || styles.of(a).hidden) return;
      const decoration = `${styleOf(a).get("text-decoration") ?? ""} ${styleOf(a).get("text-decoration-line") ?? ""}`;
      if (!/none/i.test(decoration) || /underline/i.test(decoration)) return;
      const block = $(a).parent().closest(TEXT_BLOCK)[0] as Element | undefined;
      if (!block || !isTag(block)) return;
      const around = visibleText($(block).clone().find("a").remove().end().text());
      if ((around.match(/\p{L}/gu)?.length ?? 0) < 10) return;
      const linkColour = styles.of(a).color;
      const textColour = styles.of(block).color;
      if (!linkColour || !textColour || wcagContrast(linkColour, textColour) >= LINK_TEXT_CONTRAST) return;
      const style = new Map(parseStyle(a.attribs.style));
      style.delete("text-decoration-line");
      style.set("text-decoration", "underline");
      a.attribs.style = stringifyStyle(style);
      out.push({
        id: "a11y.linkUnderline",
        reason: T.linkUnderlined(formatHex(linkColour), formatHex(textColour)),
        before: `<a> "${short(text, 40)}"`,
        after: "text-decoration: underline",
        applied: true,
      });
    });
    return out;
  },
};
