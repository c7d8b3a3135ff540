import { GENERATOR_LIMITS, SPAM_TEXTS, EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import type { EmailChecker } from "./check.js";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Gmail clips a message whose HTML passes 102 KB ("[Message clipped]"): the rest, unsubscribe link included, hides.
 * Under the limit the reason gives the margin in bytes (decision 110).
 */
export const size: EmailChecker = {
  name: "size",
  run({ sizeBytes }) {
    const clip = GENERATOR_LIMITS.gmailClipBytes;
    const base = { id: "size.gmail-clip", title: T.size.title };
    if (sizeBytes > clip)
      return [
        {
          ...base,
          status: "fail",
          reason: T.size.clipped(kb(sizeBytes)),
          fix: T.size.clippedFix,
        },
      ];
    if (sizeBytes >= GENERATOR_LIMITS.gmailWarnBytes)
      return [
        {
          ...base,
          status: "warn",
          reason: `${T.size.nearClip(kb(sizeBytes), kb(clip))} ${SPAM_TEXTS.clipMargin(clip - sizeBytes)}`,
          fix: T.size.nearClipFix,
        },
      ];
    return [
      {
        ...base,
        status: "pass",
        reason: `${T.size.underClip(kb(sizeBytes), kb(clip))} ${SPAM_TEXTS.clipMargin(clip - sizeBytes)}`,
      },
    ];
  },
};
