import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * NIST SP 800-63B §5.1.1.2: refuse passwords found in lists of commonly used or breached passwords. The list is
 * the ~49,000 most common passwords maintained by zxcvbn-ts (`passwords-common`), compared without case.
 */
const COMMON = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
