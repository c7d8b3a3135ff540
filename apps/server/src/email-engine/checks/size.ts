import { GENERATOR_LIMITS } from "@mailsmith/shared";
import type { EmailChecker } from "./check.js";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Gmail clips a message whose HTML passes 102 KB ("[Message clipped]"): the rest, unsubscribe link included, hides. */
export const size: EmailChecker = {
  name: "size",
  run({ sizeBytes }) {
    const clip = GENERATOR_LIMITS.gmailClipBytes;
    const base = { id: "size.gmail-clip", title: "Size (Gmail clips above 102 KB)" };
    if (sizeBytes > clip)
      return [
        {
          ...base,
          status: "fail",
          reason: `${kb(sizeBytes)}: Gmail clips it and hides the end, unsubscribe link included.`,
          fix: "Shorten the email or remove repeated inline styles and comments.",
        },
      ];
    if (sizeBytes >= GENERATOR_LIMITS.gmailWarnBytes)
      return [
        {
          ...base,
          status: "warn",
          reason: `${kb(sizeBytes)}: close to Gmail's ${kb(clip)} clipping limit (tracking and ESP code add more).`,
          fix: "Leave room: shorten the email a little.",
        },
      ];
    return [{ ...base, status: "pass", reason: `${kb(sizeBytes)}: under Gmail's ${kb(clip)} clipping limit.` }];
  },
};
