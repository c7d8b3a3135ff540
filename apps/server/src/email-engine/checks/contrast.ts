import { EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import { wcagContrast } from "culori";
import type { Element } from "domhandler";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";
import { hex } from "./computed.js";

/** WCAG 2.x AA: 4.5:1 for body text, 3:1 for large text (24 px, or 18.66 px bold). */
const AA = 4.5;
const AA_LARGE = 3;
/**
 * The fail rule. Below 3:1 (under AA even for large text) text is hard to read for most readers:
 * the check fails when that happens to content text (14 px or more, or any heading, table header or button,
 * whatever its size). Below 2:1 (light grey on white, #cacaca on #fefefe is 1.6:1) nobody reads it comfortably:
 * it fails at any size. Footer small print under 14 px between 2:1 and AA (copyright, address, often 2.5–2.9:1)
 * is common in well-made emails: a warning.
 */
export const CONTRAST_FAIL_BELOW = 3;
export const CONTRAST_FAIL_ANY_SIZE_BELOW = 2;
export const SMALL_PRINT_PX = 14;

const OWN_BACKGROUND = /(?:^|;)\s*background(?:-color)?\s*:\s*(?!transparent|none|inherit)[^;]/i;
const BOXED = /(?:^|;)\s*(?:padding|border)(?:-[a-z]+)?\s*:/i;

/**
 * Content whatever its size: a heading, a table header, or a button (a link with its own background colour, or a
 * padded/bordered link in a cell with one, or the only link of a coloured cell: bulletproof buttons).
 */
function isContent(el: Element): boolean {
  for (let node: Element | null = el; node && node.type === "tag"; node = node.parent as Element | null) {
    if (/^(?:h[1-6]|th|button)$/i.test(node.name)) return true;
    if (node.name === "a") {
      const style = node.attribs.style ?? "";
      if (OWN_BACKGROUND.test(style) || node.attribs.bgcolor) return true;
      const cell = node.parent as Element | null;
      const cellBg = cell?.type === "tag" && (OWN_BACKGROUND.test(cell.attribs.style ?? "") || !!cell.attribs.bgcolor);
      return !!cellBg && BOXED.test(style);
    }
  }
  return false;
}

/**
 * Text/background contrast from computed colours (the text's own or inherited colour against the nearest solid
 * background behind it), measured with culori's WCAG contrast. Text over a background image cannot be measured
 * and is left out.
 */
export const contrast: EmailChecker = {
  name: "contrast",
  run({ runs }) {
    const low = new Map<string, { ratio: number; sample: string; large: boolean; small: boolean }>();
    for (const run of runs) {
      const { color, background } = run.style;
      if (!color || !background || !/[\p{L}\p{N}]/u.test(run.text)) continue;
      const ratio = wcagContrast(color, background);
      const large = run.style.fontSizePx >= 24 || (run.style.bold && run.style.fontSizePx >= 18.66);
      if (ratio >= (large ? AA_LARGE : AA)) continue;
      const key = `${hex(color)} on ${hex(background)}`;
      const small = run.style.fontSizePx < SMALL_PRINT_PX && !isContent(run.el);
      const prev = low.get(key);
      // One entry per colour pair; a pair counts as body text if any of its text is 14 px or more.
      if (!prev) low.set(key, { ratio, sample: run.text, large, small });
      else if (prev.small && !small) low.set(key, { ratio, sample: run.text, large, small });
    }
    const base = { id: "a11y.contrast", title: T.contrast.title };
    if (low.size === 0) return [{ ...base, status: "pass", reason: T.contrast.pass }];
    const entries = [...low.entries()].sort((a, b) => a[1].ratio - b[1].ratio);
    const worst = entries[0]![1].ratio;
    const items = entries.map(
      ([pair, v]) =>
        `${pair}: ${v.ratio.toFixed(2)}:1${v.large ? " (large text)" : v.small ? " (small print)" : ""}, "${short(v.sample, 40)}"`,
    );
    const failing = entries.filter(
      ([, v]) => v.ratio < CONTRAST_FAIL_ANY_SIZE_BELOW || (!v.small && v.ratio < CONTRAST_FAIL_BELOW),
    );
    const fail = failing.length > 0;
    return [
      {
        ...base,
        status: fail ? "fail" : "warn",
        reason: fail ? T.contrast.unreadable(failing[0]![1].ratio.toFixed(2)) : T.contrast.belowAa(worst.toFixed(2)),
        fix: T.contrast.fix,
        items: limitItems(items),
      },
    ];
  },
};
