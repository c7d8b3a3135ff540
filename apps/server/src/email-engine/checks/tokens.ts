import { findTokens, PERSONALISATION_MESSAGES as M, unknownTokens } from "@mailsmith/shared";
import type { EmailChecker } from "./check.js";
import { limitItems } from "./check.js";

/**
 * Every personalisation token written in our syntax is one we know (decision 114): an unknown one
 * would reach the sending platform unconverted. Only emails with tokens get the check; platform tags are not ours.
 */
export const tokens: EmailChecker = {
  name: "tokens",
  run({ html }) {
    if (findTokens(html).length === 0) return [];
    const unknown = unknownTokens(html);
    const base = { id: "tokens", title: M.tokensCheckName };
    if (unknown.length === 0) return [{ ...base, status: "pass", reason: M.allTokensKnown }];
    return [
      {
        ...base,
        status: "warn",
        reason: M.unknownTokens(unknown),
        fix: M.insertFieldHint,
        items: limitItems(unknown.map((n) => `{{${n}}}`)),
      },
    ];
  },
};
