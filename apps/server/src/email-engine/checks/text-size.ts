import { EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";

/** Any visible text below this is tiny; body text (a sentence or more) below BODY_MIN is hard to read on a phone. */
export const TINY_TEXT_PX = 12;
export const BODY_TEXT_MIN_PX = 13;
const MIN = TINY_TEXT_PX;
const BODY_MIN = BODY_TEXT_MIN_PX;
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
    const base = { id: "a11y.text-size", title: T.textSize.title };
    if (!tiny.length) return [{ ...base, status: "pass", reason: T.textSize.pass(MIN, BODY_MIN) }];
    return [
      {
        ...base,
        status: "warn",
        reason: T.textSize.tooSmall(tiny.length, MIN, BODY_MIN),
        fix: T.textSize.tooSmallFix(MIN),
        items: limitItems(tiny),
      },
    ];
  },
};
