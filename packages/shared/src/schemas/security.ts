import { z } from "zod";
import { hasNoControlChars, isCalendarDate, MAX_ADMIN_INT, SECURITY_MESSAGES } from "./security-texts.js";

export * from "./security-texts.js";

/** A text input: any string schema refined to refuse control characters. */
export function safeText<T extends z.ZodType<string>>(schema: T) {
  return schema.refine(hasNoControlChars, SECURITY_MESSAGES.controlCharacters);
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
