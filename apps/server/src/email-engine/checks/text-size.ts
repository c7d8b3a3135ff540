import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";

/** Any visible text below this is tiny; body text (a sentence or more) below BODY_MIN is hard to read on a phone. */
const MIN = 12;
const BODY_MIN = 13;
const BODY_CHARS = 80;

export const textSize: EmailChecker = {
  name: "text-size",
  run({ runs }) {
    const tiny: string[] = [];
    for (const run of runs) {
      if (!/[\p{L}\p{N}]/u.test(run.text)) continue;
      const px = run.style.fontSizePx;
      if (px < MIN || (px < BODY_MIN && run.text.length >= BODY_CHARS))
        tiny.push(`${Math.round(px * 10) / 10} px: "${short(run.text, 40)}"`);
    }
    const base = { id: "a11y.text-size", title: "Text size" };
    if (!tiny.length)
      return [{ ...base, status: "pass", reason: `No text below ${MIN} px (body text ${BODY_MIN} px).` }];
    return [
      {
        ...base,
        status: "warn",
        reason: `${tiny.length} piece${tiny.length === 1 ? " is" : "s are"} of text smaller than ${MIN} px (or body text under ${BODY_MIN} px): hard to read on a phone.`,
        fix: `Use at least 14–16 px for body text and ${MIN} px for small print.`,
        items: limitItems(tiny),
      },
    ];
  },
};
