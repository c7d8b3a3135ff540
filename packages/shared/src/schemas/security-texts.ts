/**
 * Security constants, texts and plain checks — no zod here, so pages that only show these texts (the landing
 * page among them) load without zod; the schemas built on them are in security.ts, which re-exports this file.
 */

/**
 * Input hygiene shared by the server's request guard and every form schema: control characters (NUL above all,
 * which PostgreSQL refuses in text) never reach the database. Tab, line feed, form feed and carriage return stay
 * allowed because pasted text and HTML contain them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARS_RE = /[\u0000-\u0008\u000B\u000E-\u001F]/;

export const SECURITY_MESSAGES = {
  controlCharacters: "Text must not contain control characters (such as NUL bytes).",
  tooDeep: "The request body is nested too deeply.",
  tooLarge: "The request body is too large.",
  invalidJson: "The request body is not valid JSON.",
  invalidDate: "Use a real calendar date (YYYY-MM-DD).",
  malformedUpload: "The upload could not be read. Please choose the files again.",
  crossSite: "This request came from another site and was refused.",
  databaseUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  commonPassword: "This password is too common. Please choose a less predictable password.",
  nameTooLong: "Full Name must be at most 120 characters.",
  tooManyResets: "Too many password reset requests. Please try again later.",
  tooManyVerificationMails: "Too many verification emails were requested. Please try again later.",
  tooManySignUps: "Too many accounts were created from this network. Please try again later.",
  invalidPaypalOrderId: "Invalid PayPal order id.",
  numberTooLarge: (max: number) => `Must be at most ${max.toLocaleString("en-US")}`,
  /** A route's rate limit (429, code TOO_MANY_REQUESTS), with the wait its Retry-After header gives. */
  tooManyRequests: (seconds: number) =>
    `Too many requests in a short time. Please wait ${waitInWords(seconds)} and try again.`,
} as const;

/** 1 second, 45 seconds, 1 minute, 2 minutes (rounded up to whole minutes from a minute on). */
function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Subject of the address verification mail (tests and the e2e helper find it by this). */
export const VERIFY_EMAIL_SUBJECT = "Confirm your Mailsmith email address";

export const VERIFY_MESSAGES = {
  bannerTitle: "Confirm your email address",
  banner: (credits: number) =>
    `We sent you a link. Open it to activate your ${credits} free credit${credits === 1 ? "" : "s"}.`,
  bannerNoCredits: "We sent you a link. Open it to confirm your address.",
  resend: "Resend verification email",
  resent: "Verification email sent. Check your inbox.",
  resendFailed: "Could not send the verification email. Please try again later.",
  verified: "Your email address is confirmed.",
  adminUnverified: "Unverified",
  adminVerified: "Verified",
} as const;

/** Deepest JSON nesting the server parses (landing content is about 5 levels deep). */
export const MAX_JSON_DEPTH = 32;
/** Largest whole number an admin can set as a balance, price or credit count (fits PostgreSQL integer). */
export const MAX_ADMIN_INT = 1_000_000;

/** True when the text has no control characters. */
export const hasNoControlChars = (s: string) => !CONTROL_CHARS_RE.test(s);

/** A real calendar day YYYY-MM-DD (2025-02-30 is refused, not rolled over to March). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** PayPal order ids are short upper-case alphanumerics (e.g. 5O190127TN364715T). */
export const PAYPAL_ORDER_ID_RE = /^[A-Z0-9-]{6,64}$/;
