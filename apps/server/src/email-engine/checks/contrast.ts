import { wcagContrast } from "culori";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";
import { hex } from "./computed.js";

/** WCAG 2.x AA: 4.5:1 for body text, 3:1 for large text (24 px, or 18.66 px bold). */
const AA = 4.5;
const AA_LARGE = 3;
/**
 * Below 3:1 (under AA even for large text) the text is hard to read for most readers: the check fails when that
 * happens to text of 14 px or more (body copy, headings, buttons). Small print under 14 px (copyright, address)
 * below AA is common in well-made emails: a warning.
 */
export const CONTRAST_FAIL_BELOW = 3;
export const SMALL_PRINT_PX = 14;

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
      const small = run.style.fontSizePx < SMALL_PRINT_PX;
      const prev = low.get(key);
      // One entry per colour pair; a pair counts as body text if any of its text is 14 px or more.
      if (!prev) low.set(key, { ratio, sample: run.text, large, small });
      else if (prev.small && !small) low.set(key, { ratio, sample: run.text, large, small });
    }
    const base = { id: "a11y.contrast", title: "Text contrast (WCAG AA)" };
    if (low.size === 0)
      return [
        { ...base, status: "pass", reason: "All measurable text meets WCAG AA contrast (4.5:1, large text 3:1)." },
      ];
    const entries = [...low.entries()].sort((a, b) => a[1].ratio - b[1].ratio);
    const worst = entries[0]![1].ratio;
    const items = entries.map(
      ([pair, v]) =>
        `${pair}: ${v.ratio.toFixed(2)}:1${v.large ? " (large text)" : v.small ? " (small print)" : ""}, "${short(v.sample, 40)}"`,
    );
    const failing = entries.filter(([, v]) => !v.small && v.ratio < CONTRAST_FAIL_BELOW);
    const fail = failing.length > 0;
    return [
      {
        ...base,
        status: fail ? "fail" : "warn",
        reason: fail
          ? `Some body text, headings or buttons are hard to read for anyone (${failing[0]![1].ratio.toFixed(2)}:1; AA asks 4.5:1).`
          : `Some text is below WCAG AA contrast (lowest ${worst.toFixed(2)}:1; AA asks 4.5:1).`,
        fix: "Darken the text or lighten its background until the pair reaches 4.5:1.",
        items: limitItems(items),
      },
    ];
  },
};
