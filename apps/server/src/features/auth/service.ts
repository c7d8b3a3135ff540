import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  AUTH_ROUTE_MESSAGES,
  SECURITY_MESSAGES,
  ZSignUpBodySchema,
} from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import { SessionCache } from "../../core/identity/session-cache.js";
import { findUserByEmail } from "../../core/identity/users.js";
import { isCommonPassword } from "./common-passwords.js";
import { recordSignupIp } from "./repo.js";
import { WindowLimiter } from "./window-limiter.js";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOUR = 60 * 60 * 1000;
const HOUR_SECONDS = 3600;

/** An answer given instead of Better Auth's (the route sends it as `{ code, message }`). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
}

const tooCommon: Refusal = { status: 400, code: "PASSWORD_TOO_COMMON", message: SECURITY_MESSAGES.commonPassword };

/**
 * The rules around Better Auth's endpoints (docs/decisions/003-auth-error-messages.md): distinct "no account" /
 * "wrong password" answers, failed-login limiting, limits on reset mails, verification mails and sign-ups,
 * common passwords refused. One per app: the limiters count in the shared window store.
 */
export function createAuthRules(ctx: Pick<AppContext, "db" | "env" | "limits" | "loginLimiter" | "sessions">) {
  const resets = new WindowLimiter("reset", ctx.env.RESET_LIMIT_PER_HOUR, HOUR, ctx.limits);
  const signUps = new WindowLimiter("signup", ctx.env.SIGNUP_LIMIT_PER_HOUR, HOUR, ctx.limits);
  const verificationMails = new WindowLimiter("verify", ctx.env.RESET_LIMIT_PER_HOUR, HOUR, ctx.limits);

  return {
    async beforeSignIn(input: { email: string; ip: string }): Promise<Refusal | null> {
      if (!(await ctx.loginLimiter.isBlocked(input.email, input.ip))) return null;
      return { status: 429, code: AUTH_ERROR_CODES.tooManyRequests, message: AUTH_MESSAGES.tooManyRequests };
    },

    /** Counts the failure and says which of the spec's two answers applies. */
    async afterFailedSignIn(input: { email: string; ip: string }): Promise<{ code: string; message: string }> {
      await ctx.loginLimiter.recordFailure(input.email, input.ip);
      const known = input.email ? await findUserByEmail(ctx.db, input.email) : undefined;
      return known
        ? { code: AUTH_ERROR_CODES.invalidPassword, message: AUTH_MESSAGES.wrongPassword }
        : { code: AUTH_ERROR_CODES.userNotFound, message: AUTH_MESSAGES.userNotFound };
    },

    async afterSignIn(input: { email: string }) {
      await ctx.loginLimiter.recordSuccess(input.email);
    },

    /**
     * Better Auth would store any name length and an image URL of any scheme: our limits apply first.
     * Answers the parsed body to forward, or the refusal.
     */
    async checkSignUp(input: { body: unknown; ip: string }): Promise<{ body: unknown } | { refusal: Refusal }> {
      const parsed = ZSignUpBodySchema.safeParse(input.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path[0];
        const code =
          where === "email"
            ? "INVALID_EMAIL"
            : where === "name" && issue?.code === "too_big"
              ? "NAME_TOO_LONG"
              : "VALIDATION_ERROR";
        return { refusal: { status: 400, code, message: issue?.message ?? AUTH_ROUTE_MESSAGES.invalidRequest } };
      }
      if (isCommonPassword(parsed.data.password)) return { refusal: tooCommon };
      if (!(await signUps.take([`ip:${input.ip}`]))) {
        return {
          refusal: {
            status: 429,
            code: "TOO_MANY_SIGNUPS",
            message: SECURITY_MESSAGES.tooManySignUps,
            retryAfter: HOUR_SECONDS,
          },
        };
      }
      return { body: parsed.data };
    },

    /** Kept for admins: the address the account was created from. */
    async afterSignUp(input: { userId: string; ip: string }) {
      await recordSignupIp(ctx.db, input.userId, input.ip);
    },

    checkNewPassword(password: string): Refusal | null {
      return isCommonPassword(password) ? tooCommon : null;
    },

    async checkResetRequest(input: { email: string; ip: string }): Promise<Refusal | null> {
      const { email } = input;
      if (!email) return { status: 400, code: "EMAIL_REQUIRED", message: AUTH_MESSAGES.resetEmailRequired };
      if (!EMAIL_RE.test(email))
        return { status: 400, code: "INVALID_EMAIL", message: AUTH_MESSAGES.resetInvalidEmail };
      // Counted before the lookup, known address or not: the limit bounds both mail bombing and enumeration.
      if (!(await resets.take([`email:${email}`, `ip:${input.ip}`]))) {
        return {
          status: 429,
          code: "TOO_MANY_RESETS",
          message: SECURITY_MESSAGES.tooManyResets,
          retryAfter: HOUR_SECONDS,
        };
      }
      if (!(await findUserByEmail(ctx.db, email))) {
        return { status: 404, code: AUTH_ERROR_CODES.userNotFound, message: AUTH_MESSAGES.resetUserNotFound };
      }
      return null;
    },

    /** Same bound as reset mails: nobody mail-bombs an address through "resend". */
    async checkResendVerification(input: { email: string; ip: string }): Promise<Refusal | null> {
      if (await verificationMails.take([`email:${input.email}`, `ip:${input.ip}`])) return null;
      return {
        status: 429,
        code: "TOO_MANY_REQUESTS",
        message: SECURITY_MESSAGES.tooManyVerificationMails,
        retryAfter: HOUR_SECONDS,
      };
    },

    /** Better Auth deleted the session row; every instance drops its cached entry (docs/decisions/062). */
    endSession(cookieHeader: string | undefined) {
      ctx.sessions.end(SessionCache.keyOf(cookieHeader));
    },
  };
}
