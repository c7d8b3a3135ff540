import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TOKEN_TTL_SECONDS,
} from "@mailsmith/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema/index.js";
import { escapeHtml } from "../../lib/escape-html.js";
import { findUserById } from "../users/repo.js";

export interface AuthDeps {
  db: Db;
  mail: Mailer;
  secret: string;
  baseURL: string;
  google?: { clientId: string; clientSecret: string };
  /** Called once per new account, after the row exists. */
  onUserCreated(userId: string): Promise<void>;
  /** Called after a password reset; revokes sessions still held in cookie caches. */
  onPasswordReset(userId: string): Promise<void>;
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
      async onPasswordReset({ user }) {
        await deps.onPasswordReset(user.id);
      },
      async sendResetPassword({ user, url }) {
        const safeName = escapeHtml(user.name || "there");
        await deps.mail.send({
          to: user.email,
          subject: "Reset your Mailsmith password",
          text: `Hi ${user.name || "there"},\n\nOpen this link to choose a new password (valid for 1 hour, usable once):\n${url}\n\nIf you did not ask for this, ignore this email.`,
          html: `<p>Hi ${safeName},</p><p><a href="${escapeHtml(url)}">Choose a new password</a> (valid for 1 hour, usable once).</p><p>If you did not ask for this, ignore this email.</p>`,
        });
      },
    },
    socialProviders: deps.google
      ? { google: { clientId: deps.google.clientId, clientSecret: deps.google.clientSecret } }
      : undefined,
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Most requests are answered from the signed cookie, not the database (PGlite is single-threaded).
      cookieCache: { enabled: true, maxAge: 5 * 60 },
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
            await deps.onUserCreated(user.id);
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
