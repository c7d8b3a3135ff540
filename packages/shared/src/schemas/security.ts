import { z } from "zod";

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
} as const;

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

/** A text input: any string schema refined to refuse control characters. */
export function safeText<T extends z.ZodType<string>>(schema: T) {
  return schema.refine(hasNoControlChars, SECURITY_MESSAGES.controlCharacters);
}

/** A real calendar day YYYY-MM-DD (2025-02-30 is refused, not rolled over to March). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const ZCalendarDate = z.string().refine(isCalendarDate, SECURITY_MESSAGES.invalidDate);

/**
 * A whole number typed by an admin: "" and blanks are refused (not silently 0), and the value is bounded so it
 * fits the database column.
 */
export function adminInt(opts: { min?: number; max?: number; label?: string } = {}) {
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_ADMIN_INT;
  const label = opts.label ?? "Value";
  return z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : Number(v)) : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
      .max(max, SECURITY_MESSAGES.numberTooLarge(max)),
  );
}

/**
 * What POST /api/auth/sign-up/email may carry, checked before Better Auth sees it: the same limits as the profile
 * form (name ≤ 120 characters, no control characters). Anything else (image, role, balance…) is dropped.
 */
export const ZSignUpBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Full Name is required")
    .max(120, SECURITY_MESSAGES.nameTooLong)
    .refine(hasNoControlChars, SECURITY_MESSAGES.controlCharacters),
  email: z.string().trim().max(254).email("Invalid email address format."),
  password: z.string().max(128),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

/** PayPal order ids are short upper-case alphanumerics (e.g. 5O190127TN364715T). */
export const PAYPAL_ORDER_ID_RE = /^[A-Z0-9-]{6,64}$/;
