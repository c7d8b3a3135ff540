import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import juice from "juice";
import type { AtRule, Rule } from "postcss";
import { firstElement } from "../dom.js";
import { pinAuthoredInline, readAuthoredInline } from "./authored-inline.js";
import {
  displayFallback,
  isTablePart,
  parseCss,
  subjectTag,
  UNSAFE_LABEL,
  type UnsafeKind,
  unsafeDeclaration,
  withoutSlips,
} from "./css-rules.js";
import { stackedElements, stackingRules } from "./flex-table.js";
import { pinPlainWinners, readImportantCascade, unpinOverriddenImportants } from "./important-overrides.js";
import type { EmailPass } from "./pass.js";
import { isFontUrl } from "./sanitize.js";

/**
 * Selectors that target one client on purpose (dark mode in Outlook.com, Gmail's <u> wrapper, Apple's data
 * detectors, Outlook.com's .ExternalClass): they match nothing in our document, so juice would drop them.
 */
const CLIENT_HOOKS = [
  "[data-ogsc]",
  "[data-ogsb]",
  "u + ",
  "u ~ ",
  "#MessageViewBody",
  "#outlook",
  ".ExternalClass",
  "[x-apple-data-detectors",
  "[class~=",
  ".gmail",
  "[owa]",
  ".ii a",
];

/**
 * Pseudo-elements (a drop cap's ::first-letter, ::before/::after ornaments, ::marker …) cannot be inlined and juice
 * keeps only pseudo-classes like :hover, so their rules would be dropped; matched as substrings, so ":before" also
 * keeps "::before".
 */
const PSEUDO_ELEMENTS = [":first-letter", ":first-line", ":before", ":after", ":marker", ":selection", ":placeholder"];

/**
 * Inlines CSS with juice and keeps ONE <style> in <head> for what cannot be inlined and major clients honour:
 * @media queries (mobile stacking, prefers-color-scheme), :hover and other pseudo-classes, client hooks
 * ([data-ogsc], u + .body …). Kept rules get !important so they still win over the inlined styles (in an existing
 * email, the author's own inline declarations they lost to get !important too: authored-inline.ts). Web fonts
 * (@font-face, @import and <link> from font hosts) go into a block hidden from Outlook for Windows, which would
 * otherwise fall back to Times New Roman. Conditional comments (<!--[if mso]> … <style>) are not touched.
 * Unsafe declarations (var() that juice could not resolve, flex/grid, expression() …) are removed from the kept CSS.
 */
export const inlineCss: EmailPass = {
  name: "inline-css",
  run($, options) {
    const styles = $("style").filter((_, el) => !insideSvg(el as Element));
    const fontLinks = $("link[rel~='stylesheet']").filter((_, el) => isFontUrl($(el).attr("href") ?? ""));
    if (styles.length === 0 && fontLinks.length === 0) return [];
    const blockCount = styles.length;
    const { fontImports, droppedImports } = takeOutImports($, styles);
    dropSlips($, styles);
    mediaAttributesToQueries($, styles);
    const cssBlocks = styles.toArray().map((el) => $(el).text());
    const authored = readAuthoredInline($);
    const cascade = readImportantCascade(cssBlocks, authored);
    // A member's own email keeps its cascade; in a generated one a phone rule the model wrote is meant to apply.
    const existing = options.source === "existing";
    inlineWithJuice($, options.source === "generated");
    if (cascade) unpinOverriddenImportants($, cascade);
    if (existing) pinPlainWinners($, cssBlocks, authored);
    const keptCss = gatherKeptCss($);
    if (existing) pinAuthoredInline($, authored, keptCss);
    // Before the flex declarations go: clean-styles stacks a row it turns into a table where the author did.
    for (const [el, media] of stackedElements($, stackingRules([keptCss]))) options.stackedUnder?.set(el, media);
    const cleaned = cleanStylesheet(keptCss);
    const { css, removed } = cleaned;
    const fonts = [...new Set([...fontImports, cleaned.fonts].filter(Boolean))].join("\n");

    const notes: string[] = [];
    const head = ensureHead($);
    const links = fontLinks.toArray().map((el) => $.html(el));
    fontLinks.remove();
    if (fonts || links.length) {
      head.append(
        `<!--[if !mso]><!-->\n${links.join("\n")}${fonts ? `\n<style>\n${fonts}\n</style>` : ""}\n<!--<![endif]-->\n`,
      );
      notes.push(N.webFontsKept);
    }
    if (css.trim()) head.append(`<style>\n${css.trim()}\n</style>\n`);
    if (blockCount) {
      notes.push(css.trim() ? N.inlinedKeptRules(blockCount) : N.inlined(blockCount));
    }
    if (droppedImports) notes.push(N.importsRemoved(droppedImports));
    for (const [kind, n] of removed) notes.push(N.unsafeCssFromRules(UNSAFE_LABEL[kind], n));
    return notes;
  },
};

type StyleBlocks = ReturnType<CheerioAPI>;

/**
 * An @import and its URL (in one of five groups: url("…"), url('…'), url(…), "…", '…'). A quoted URL may hold a
 * semicolon (Google Fonts' `&amp;display=swap` as Postmark writes it): cutting there would leave an open string that
 * swallows the whole stylesheet.
 */
const IMPORT_RULE = /@import\s+(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)|"([^"]*)"|'([^']*)')[^;]*;?/gi;

/** Web-font @imports: juice drops every @import, so they are taken out first (others are dropped on purpose). */
function takeOutImports($: CheerioAPI, styles: StyleBlocks) {
  const fontImports: string[] = [];
  let droppedImports = 0;
  styles.each((_, el) => {
    const text = $(el).text();
    if (!/@import/i.test(text)) return;
    $(el).text(
      text.replace(IMPORT_RULE, (all, ...urls: (string | undefined)[]) => {
        const url = urls.slice(0, 5).find((u) => u !== undefined) ?? "";
        if (isFontUrl(url)) fontImports.push(all.trim().endsWith(";") ? all.trim() : `${all.trim()};`);
        else droppedImports += 1;
        return "";
      }),
    );
  });
  return { fontImports, droppedImports };
}

/** Each block as browsers read it (css-rules.withoutSlips): one slip must not cost juice the whole stylesheet. */
function dropSlips($: CheerioAPI, styles: StyleBlocks) {
  styles.each((_, el) => {
    const text = $(el).text();
    const clean = withoutSlips(text);
    if (clean !== text) $(el).text(clean);
  });
}

/**
 * <style media="…"> is a media query written differently: make it one so juice keeps it. A block that already holds
 * only that same query (sendwithus' themes write both) is left as it is rather than nested in itself.
 */
function mediaAttributesToQueries($: CheerioAPI, styles: StyleBlocks) {
  styles.each((_, el) => {
    const media = $(el).attr("media");
    if (media && !/^\s*(all|screen)?\s*$/i.test(media) && !onlyThisQuery($(el).text(), media)) {
      $(el).text(`@media ${media} {\n${$(el).text()}\n}`);
    }
    $(el).removeAttr("media");
  });
}

function onlyThisQuery(css: string, media: string): boolean {
  const norm = (q: string) => q.replace(/\s+/g, " ").trim().toLowerCase();
  const nodes = parseCss(css)?.nodes.filter((n) => n.type !== "comment") ?? [];
  return (
    nodes.length > 0 &&
    nodes.every((n) => n.type === "atrule" && n.name.toLowerCase() === "media" && norm(n.params) === norm(media))
  );
}

function inlineWithJuice($: CheerioAPI, generated: boolean) {
  try {
    juice.juiceDocument($ as unknown as Parameters<typeof juice.juiceDocument>[0], {
      removeStyleTags: true,
      preserveMediaQueries: true,
      preserveFontFaces: true,
      preserveKeyFrames: true,
      preservePseudos: true,
      preserveImportant: true,
      preservedSelectors: [...CLIENT_HOOKS, ...PSEUDO_ELEMENTS],
      insertPreservedExtraCss: false,
      // Width/height/bgcolor attributes help Outlook; a member's own email keeps its attributes as they are.
      applyWidthAttributes: generated,
      applyHeightAttributes: generated,
      applyAttributesTableElements: generated,
      resolveCSSVariables: true,
      inlinePseudoElements: false,
    });
  } catch {
    // Unparseable CSS: what juice could not read is handled as kept CSS below (and cleaned there).
  }
}

/** What is left in every <style> (juice left the preserved part in place), taken out as one stylesheet. */
function gatherKeptCss($: CheerioAPI): string {
  let kept = "";
  $("style").each((_, el) => {
    if (insideSvg(el as Element)) return;
    kept += `${$(el).text()}\n`;
    $(el).remove();
  });
  return kept;
}

function insideSvg(el: Element): boolean {
  for (let p = el.parent as Element | null; p; p = p.parent as Element | null) {
    if (p.name === "svg") return true;
  }
  return false;
}

export function ensureHead($: CheerioAPI) {
  let head = $(firstElement($, "head"));
  if (!head.length) {
    const html = $(firstElement($, "html"));
    if (html.length) html.prepend("<head></head>");
    else $.root().prepend("<head></head>");
    head = $(firstElement($, "head"));
  }
  return head;
}

/**
 * Cleans the kept CSS: removes unsafe declarations and non-font @imports, adds !important to rules that must beat
 * inline styles, and splits web-font rules off. Read forgivingly, as browsers do: a slip loses only itself.
 */
export function cleanStylesheet(input: string): { css: string; fonts: string; removed: Map<UnsafeKind, number> } {
  const removed = new Map<UnsafeKind, number>();
  if (!input.trim()) return { css: "", fonts: "", removed };
  // Forgiving: one slip must not cost the email its media queries.
  const root = parseCss(input);
  if (!root) return { css: "", fonts: "", removed };
  const fonts: string[] = [];
  root.walkAtRules((at: AtRule) => {
    const name = at.name.toLowerCase();
    if (name === "import") {
      const url = at.params.match(/url\(\s*['"]?([^'")]+)['"]?\s*\)|['"]([^'"]+)['"]/);
      if (isFontUrl(url?.[1] ?? url?.[2] ?? "")) fonts.push(at.toString());
      at.remove();
    } else if (name === "font-face") {
      fonts.push(at.toString());
      at.remove();
    } else if (name === "charset") {
      at.remove();
    }
  });
  root.walkDecls((decl) => {
    const kind = unsafeDeclaration(decl.prop, decl.value);
    if (kind) {
      removed.set(kind, (removed.get(kind) ?? 0) + 1);
      const rule = decl.parent?.type === "rule" ? (decl.parent as Rule) : undefined;
      // A rule for several selectors keeps the fallback only if none of them names a table part.
      const tableTag = rule?.selectors.map(subjectTag).find((tag) => tag && isTablePart(tag));
      const fallback = decl.prop.toLowerCase() === "display" ? displayFallback(decl.value, tableTag) : null;
      if (fallback) decl.value = fallback;
      else {
        decl.remove();
        return;
      }
    }
    // Kept rules must still win over the inlined declarations (keyframes are not rules of elements).
    const parentAt = decl.parent?.parent?.type === "atrule" ? (decl.parent.parent as AtRule).name : "";
    if (!decl.important && !/keyframes$/i.test(parentAt) && !decl.prop.startsWith("--")) decl.important = true;
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
    // What the forgiving parser skipped (`!important;` after a stray `;`) is left in the raws: leave it out.
    else if (/\S/.test(rule.raws.after ?? "")) delete rule.raws.after;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return { css: root.toString().trim(), fonts: fonts.join("\n"), removed };
}
