import { EMAIL_FIX_TEXTS as T } from "@mailsmith/shared";
import { type Color, clampChroma, differenceEuclidean, formatHex, type Oklch, oklch, wcagContrast } from "culori";
import type { Element } from "domhandler";
import { short } from "../checks/check.js";
import type { ComputedStyles } from "../checks/computed.js";
import { isTag, parseStyle, stringifyStyle, styleOf } from "../dom.js";
import type { FixPass } from "../fixes/fix-pass.js";

/** WCAG 2.x AA: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold). */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;
/** Aimed a little above the threshold: browsers and axe measure the blended, rounded colour. */
const MARGIN = 0.05;
const deltaE = differenceEuclidean("oklch");

const isLarge = (style: { fontSizePx: number; bold: boolean }) =>
  style.fontSizePx >= 24 || (style.bold && style.fontSizePx >= 18.66);

/**
 * The colour nearest to `fg` (smallest ΔE in OKLCH) that reaches `target` against `bg`: hue and chroma kept, only
 * the lightness moved (darker or lighter, whichever is nearer; chroma reduced where the colour would leave sRGB).
 * Black or white when neither direction reaches it (one of them always reaches 4.58:1).
 */
export function nearestPassing(fg: Color, bg: Color, target: number): string {
  const start = oklch(fg) as Oklch;
  const at = (l: number) => formatHex(clampChroma({ ...start, mode: "oklch", l }, "oklch"));
  const reaches = (hex: string) => wcagContrast(hex, bg) >= target + MARGIN;
  const candidates: string[] = [];
  for (const end of [0, 1]) {
    if (!reaches(at(end))) continue;
    // The contrast grows as the lightness moves away from the background's: the smallest move that reaches it.
    let near = start.l;
    let far = end;
    for (let i = 0; i < 24; i++) {
      const mid = (near + far) / 2;
      if (reaches(at(mid))) far = mid;
      else near = mid;
    }
    candidates.push(at(far));
  }
  if (candidates.length === 0)
    candidates.push(wcagContrast("#000000", bg) >= wcagContrast("#ffffff", bg) ? "#000000" : "#ffffff");
  return candidates.sort((a, b) => deltaE(fg, a) - deltaE(fg, b))[0]!;
}

function setColour(el: Element, hex: string): void {
  const style = new Map(parseStyle(el.attribs.style));
  const important = /!important/i.test(style.get("color") ?? "");
  style.set("color", important ? `${hex} !important` : hex);
  el.attribs.style = stringifyStyle(style);
  if (el.name === "font" && el.attribs.color) el.attribs.color = hex;
}

const INHERITED = /^\s*(?:inherit|unset|currentcolor)\b/i;
/** The element sets its own colour (a link is blue by default unless its colour is inherited). */
const ownColour = (el: Element) => {
  const colour = styleOf(el).get("color");
  if (colour !== undefined) return !INHERITED.test(colour);
  return el.name === "a" || (el.name === "font" && !!el.attribs.color);
};

/**
 * Contrast repair: every visible text whose colour is below WCAG AA against the solid background behind it (the
 * contrast check's computed pairs) gets the nearest colour that reaches AA, on the text's own element. Pairs that
 * already pass (brand colours among them) are not touched; the background is kept. Children that inherited the old
 * colour over another background keep it (pinned), so a repair changes only the failing text.
 */
export const a11yContrast: FixPass = {
  name: "a11y-contrast",
  run({ runs, styles }) {
    const targets = new Map<Element, string>();
    const groups = new Map<string, { before: string; after: string; ratio: number; needed: number; sample: string }>();
    for (const run of runs) {
      const { color, background } = run.style;
      if (!color || !background || !/[\p{L}\p{N}]/u.test(run.text)) continue;
      const needed = isLarge(run.style) ? AA_LARGE : AA_TEXT;
      const ratio = wcagContrast(color, background);
      if (ratio >= needed) continue;
      const key = `${formatHex(color)} on ${formatHex(background)} ${needed}`;
      let group = groups.get(key);
      if (!group) {
        const after = nearestPassing(color, background, needed);
        group = { before: formatHex(color), after, ratio, needed, sample: run.text };
        groups.set(key, group);
      }
      targets.set(run.el, group.after);
    }
    for (const [el, hex] of targets) {
      pinChildren(el, styles, targets);
      setColour(el, hex);
    }
    return [...groups.entries()].map(([key, g]) => {
      const bg = key.split(" on ")[1]!.split(" ")[0]!;
      return {
        id: "a11y.contrast",
        reason: T.contrast(g.ratio, g.needed, short(g.sample, 40)),
        before: `${g.before} on ${bg} (${g.ratio.toFixed(2)}:1)`,
        after: `${g.after} on ${bg} (${wcagContrast(g.after, bg).toFixed(2)}:1)`,
        applied: true,
      };
    });
  },
};

/** Children inheriting `el`'s colour over a background of their own keep their old colour when `el`'s changes. */
function pinChildren(el: Element, styles: ComputedStyles, targets: Map<Element, string>): void {
  const bg = styles.of(el).background;
  for (const child of el.children) {
    if (!isTag(child) || ownColour(child) || targets.has(child)) continue;
    const s = styles.of(child);
    const sameBg = !!bg && !!s.background && formatHex(bg) === formatHex(s.background);
    if (!sameBg && s.color) setColour(child, formatHex(s.color));
    else pinChildren(child, styles, targets);
  }
}
