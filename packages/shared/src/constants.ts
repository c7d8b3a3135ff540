/** Business constants and limits from the spec (§9 of both documents). One place, used by server and web. */
export const USER_ROLES = ["Admin", "moderator", "member", "Seller"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const MEMBERSHIPS = ["free", "basic", "premium"] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const DEFAULT_SIGNUP_BONUS_CREDITS = 3;
export const CREDITS_PER_GENERATION = 1;
export const LOGIN_REDIRECT_DEFAULT = "/user/dashboard";

/** Failed sign-ins allowed per email (and per IP) inside the window before refusing. */
export const FAILED_LOGIN_LIMIT = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const PASSWORD_RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const AUTH_STATE_CACHE_MS = 5 * 60 * 1000;
export const FOOTER_CACHE_MS = 60 * 60 * 1000;
export const TOAST_DURATION_MS = 3000;

export const LEDGER_REASONS = [
  "signup_bonus",
  "purchase",
  "generation",
  "refund",
  "admin_adjustment",
  /** PayPal refunded or reversed a purchase: its credits go back, even below zero. */
  "payment_reversal",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
