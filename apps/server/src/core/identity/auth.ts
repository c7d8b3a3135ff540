import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TOKEN_TTL_SECONDS,
} from "@mailsmith/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import type { LetterSender } from "../../adapters/mail/letter.js";
import { letters } from "../../adapters/mail/letters.js";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema/index.js";
import type { PasswordHashing } from "./password-hashing.js";
import { findUserById } from "./users.js";

export interface AuthDeps {
  db: Db;
  /** The verification and reset emails go out as letters (the email engine's layout; decision 127). */
  letters: LetterSender;
  secret: string;
  baseURL: string;
  google?: { clientId: string; clientSecret: string };
  /** Origins besides baseURL that may call /api/auth with cookies (same list as the CSRF guard). */
  trustedOrigins?: string[];
  /** Called once per new account, after the row exists (emailVerified: Google accounts come verified). */
  onUserCreated(userId: string, emailVerified: boolean): Promise<void>;
  /** Called when a member opens the verification link (grants the sign-up credits). */
  onEmailVerified(userId: string): Promise<void>;
  /** Called after a password reset; revokes sessions still held in cookie caches. */
  onPasswordReset(userId: string): Promise<void>;
  /** Replaces Better Auth's scrypt (tests only: password-hashing.ts). */
  passwordHashing?: PasswordHashing;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: "Mailsmith",
    baseURL: deps.baseURL,
    basePath: "/api/auth",
    secret: deps.secret,
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      async onPasswordReset({ user }) {
        await deps.onPasswordReset(user.id);
      },
      async sendResetPassword({ user, url }) {
        await deps.letters.send(user.email, letters.reset(user.name, url));
      },
    },
    // Sign-in stays open before verification (no friction for a real person); the free credits wait for it.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url: link }) {
        // After verifying, the member lands on the dashboard (signed in) whatever callback the request named.
        const u = new URL(link);
        u.searchParams.set("callbackURL", "/user/dashboard");
        await deps.letters.send(user.email, letters.verify(user.name, u.toString()));
      },
      async afterEmailVerification(user) {
        await deps.onEmailVerified(user.id);
      },
    },
    trustedOrigins: deps.trustedOrigins,
    // An OAuth failure (consent cancelled, an unconfirmed password account with the same address, a disabled
    // account) lands on our sign-in page with ?error=<code>, which says what to do — never Better Auth's bare page.
    onAPIError: { errorURL: `${deps.baseURL}/login` },
    socialProviders: deps.google
      ? { google: { clientId: deps.google.clientId, clientSecret: deps.google.clientSecret } }
      : undefined,
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed cookie cache: a copied cookie must stop working the moment its session ends, on every instance.
      // The hot path is served by our SessionCache, which sign-out clears everywhere (docs/decisions/062).
      cookieCache: { enabled: false },
    },
    // Failed-login limiting is ours (FailedLoginLimiter); the generic limiter would also block honest retries.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: deps.baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await deps.onUserCreated(user.id, Boolean(user.emailVerified));
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const row = await findUserById(deps.db, session.userId);
            if (row?.banned) {
              throw new APIError("FORBIDDEN", {
                code: AUTH_ERROR_CODES.userDisabled,
                message: AUTH_MESSAGES.userDisabled,
              });
            }
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
