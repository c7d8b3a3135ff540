import { EMAIL_CHECK_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import { CLIENT_FAMILIES, type Finding, runCaniemail } from "./caniemail-run.js";
import type { EmailChecker } from "./check.js";
import { limitItems } from "./check.js";

/**
 * How a caniemail "not supported" finding is judged (docs/decisions/021-email-post-processing.md):
 * - BREAKS: the reader loses content or layout (an <svg> Gmail does not show, a form …) → the client check fails
 *   (absolute/fixed positioning, flex and grid are removed by the passes, so they only fail if something slips by);
 * - FALLBACK: the client shows something slightly different but complete (square corners, no hover, no shadow) →
 *   the client check still passes, and lists each fallback with what the reader sees (a warning on nearly every
 *   email taught members to ignore warnings);
 * - UNKNOWN: not supported and no known fallback (vw/rem units …) → warning: look at it in that client;
 * - INVISIBLE: no visible effect at all (the <body> element Gmail replaces, role/lang/aria attributes, the
 *   selectors of rules that were already inlined, the hiding styles of a preheader that also has mso-hide) → not
 *   reported: a warning every email gets teaches members to ignore warnings.
 * Partial support ("only partially supported") is not reported: caniemail's partial entries are footnotes.
 */
const BREAKS =
  /^(?:<(?:svg|video|audio|canvas|form|input|select|textarea|button|script|iframe|object|embed|math)> element|display:flex|display:grid|CSS Variables|CSS custom properties|flex.*|grid.*)$/i;

const FALLBACK: Record<string, string> = {
  "@media": "shows the desktop layout (media queries do not apply)",
  "<style> element": "uses the inlined styles only (no media queries or hover)",
  ":hover": "no hover effect",
  ":active": "no pressed effect",
  ":focus": "no focus style",
  "border-radius": "square corners",
  "<link> element": "the web font falls back to the next font of the stack",
  "@import": "the web font falls back to the next font of the stack",
  "@font-face": "the web font falls back to the next font of the stack",
  "background-image": "the background colour shows instead of the image",
  "linear-gradient()": "the background colour shows instead of the gradient",
  "radial-gradient()": "the background colour shows instead of the gradient",
  "box-shadow": "no shadow",
  "text-shadow": "no text shadow",
  "prefers-color-scheme": "the light design shows (or the client's own dark-mode inversion)",
  "@keyframes": "no animation",
  animation: "no animation",
  transition: "no transition",
  transform: "not transformed",
  "object-fit": "the image is stretched to its box",
  "max-width": "the Outlook (MSO) table sets the width",
  "min-width": "the width comes from the table attributes",
  "background-size": "the background image shows at its own size",
  "background-position": "the background image starts at the top left",
  "word-break": "long words wrap as the client decides",
  "text-decoration": "plain text decoration",
  "letter-spacing": "normal letter spacing",
  "border-spacing": "the table's cellspacing attribute applies",
  "width attribute": "the CSS width applies",
  "height attribute": "the CSS height applies",
  "<picture> element": "the fallback <img> shows",
  position: "relative offsets are ignored (absolute and fixed positioning were removed)",
  hyphens: "no automatic hyphenation",
  "text-overflow": "long text is cut without an ellipsis",
  visibility: "what it hides is also hidden by display:none, max-height:0 or mso-hide (the usual pattern)",
  "box-sizing": "padding adds to a set width; table layouts keep their width attributes",
  "text-decoration-line": "the text-decoration shorthand applies",
  "table-layout": "columns are sized by their content",
};

const INVISIBLE = new Set([
  "<body> element",
  "<html> element",
  "<head> element",
  "<meta> element",
  "<title> element",
  "role attribute",
  "lang attribute",
  "dir attribute",
  "aria-label attribute",
  "aria-labelledby attribute",
  "aria-describedby attribute",
  "aria-hidden attribute",
  "aria-roledescription attribute",
  "aria-live attribute",
  "target attribute",
  "title attribute",
  "alt attribute",
  "Class selector",
  "ID selector",
  "Type selector",
  "Descendant combinator",
  "Chaining selectors",
  "Child combinator",
  "Adjacent sibling combinator",
  "General sibling combinator",
  "Attribute selector",
  "Universal selector",
  "Grouping selectors",
  "!important keyword",
  "display:none",
  "opacity",
  "overflow",
  "max-height",
  "mso-hide",
  "outline",
  "word-spacing",
  "direction",
  "-webkit-text-size-adjust",
  "text-size-adjust",
  "Local anchors",
  "mailto: links",
  "cellpadding attribute",
  "cellspacing attribute",
  "<noscript> element",
]);

const PLATFORM: Record<string, string> = {
  windows: "Windows",
  "windows-mail": "Windows Mail",
  macos: "macOS",
  ios: "iOS",
  android: "Android",
  "desktop-webmail": "webmail",
  "mobile-webmail": "mobile webmail (non-Gmail accounts)",
};

export type FindingKind = "breaks" | "fallback" | "unknown" | "invisible";

export function classify(feature: string): FindingKind {
  if (INVISIBLE.has(feature)) return "invisible";
  if (BREAKS.test(feature)) return "breaks";
  if (FALLBACK[feature] || /^:[a-z-]+$/.test(feature)) return "fallback";
  return "unknown";
}

function describe(feature: string, platforms: string[], kind: FindingKind): string {
  const where = platforms.map((p) => PLATFORM[p] ?? p).join(", ");
  if (kind === "breaks") return T.caniemail.itemNotShown(feature, where);
  if (kind === "fallback")
    return T.caniemail.itemFallback(feature, where, FALLBACK[feature] ?? T.caniemail.itemNoEffect);
  return T.caniemail.itemUnsupported(feature, where);
}

export function caniemailChecks(findings: Finding[]): TEmailCheck[] {
  return CLIENT_FAMILIES.map(({ key, name }) => {
    const byFeature = new Map<string, Set<string>>();
    for (const f of findings) {
      if (f.client !== key || f.support !== "none") continue;
      const set = byFeature.get(f.feature) ?? new Set<string>();
      set.add(f.platform);
      byFeature.set(f.feature, set);
    }
    const breaks: string[] = [];
    const warnItems: string[] = [];
    const warnFeatures: string[] = [];
    const fallbackItems: string[] = [];
    const fallbackFeatures: string[] = [];
    for (const [feature, platforms] of byFeature) {
      const kind = classify(feature);
      if (kind === "invisible") continue;
      const item = describe(feature, [...platforms].sort(), kind);
      if (kind === "breaks") breaks.push(item);
      else if (kind === "fallback") {
        fallbackItems.push(item);
        fallbackFeatures.push(feature);
      } else {
        warnItems.push(item);
        warnFeatures.push(feature);
      }
    }
    const id = `caniemail.${key}`;
    const title = T.caniemail.title(name);
    if (breaks.length) {
      return {
        id,
        title,
        status: "fail",
        reason: T.caniemail.breaks(breaks.length, name),
        fix: T.caniemail.breaksFix,
        items: limitItems([...breaks, ...warnItems, ...fallbackItems]),
      };
    }
    const list = (features: string[]) => `${features.slice(0, 3).join(", ")}${features.length > 3 ? " …" : ""}`;
    if (warnItems.length) {
      return {
        id,
        title,
        status: "warn",
        reason: T.caniemail.unsupported(warnFeatures.length, list(warnFeatures), name),
        fix: T.caniemail.unsupportedFix,
        items: limitItems([...warnItems, ...fallbackItems]),
      };
    }
    if (fallbackItems.length) {
      return {
        id,
        title,
        status: "pass",
        reason: T.caniemail.fallsBack(fallbackFeatures.length, list(fallbackFeatures), name),
        items: limitItems(fallbackItems),
      };
    }
    return { id, title, status: "pass", reason: T.caniemail.pass(name) };
  });
}

export const caniemail: EmailChecker = {
  name: "caniemail",
  run: (ctx) => caniemailChecks(runCaniemail(ctx.$)),
};
