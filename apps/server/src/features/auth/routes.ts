import { AUTH_ERROR_CODES, AUTH_MESSAGES, SECURITY_MESSAGES, ZSignUpBodySchema } from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SessionCache } from "../../core/identity/session-cache.js";
import { findUserByEmail } from "../../core/identity/users.js";
import { DB_RETRY_AFTER_SECONDS } from "../../lib/db-unavailable.js";
import { isCommonPassword } from "./common-passwords.js";
import { recordSignupIp } from "./repo.js";
import { WindowLimiter } from "./window-limiter.js";

const SIGN_IN_PATH = "/api/auth/sign-in/email";
const SIGN_UP_PATH = "/api/auth/sign-up/email";
const RESET_REQUEST_PATH = "/api/auth/request-password-reset";
const RESET_PATH = "/api/auth/reset-password";
const SIGN_OUT_PATH = "/api/auth/sign-out";
const RESEND_VERIFICATION_PATH = "/api/auth/send-verification-email";
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOUR = 60 * 60 * 1000;

/**
 * The Better Auth endpoints the product uses; every other one (update-user, change-email, delete-user, list-sessions,
 * …) answers 404, so no user field is written around our own validated routes (docs/security.md).
 */
const ALLOWED: { method: "GET" | "POST"; path: RegExp }[] = [
  { method: "POST", path: /^\/api\/auth\/sign-up\/email$/ },
  { method: "POST", path: /^\/api\/auth\/sign-in\/email$/ },
  { method: "POST", path: /^\/api\/auth\/sign-in\/social$/ },
  { method: "GET", path: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: "POST", path: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: "POST", path: /^\/api\/auth\/sign-out$/ },
  { method: "GET", path: /^\/api\/auth\/get-session$/ },
  { method: "POST", path: /^\/api\/auth\/request-password-reset$/ },
  { method: "GET", path: /^\/api\/auth\/reset-password\/[^/]+$/ },
  { method: "POST", path: /^\/api\/auth\/reset-password$/ },
  { method: "GET", path: /^\/api\/auth\/verify-email$/ },
  { method: "POST", path: /^\/api\/auth\/send-verification-email$/ },
  { method: "GET", path: /^\/api\/auth\/error$/ },
];

/** Removes session tokens from a JSON answer: the HttpOnly cookie is the only place a session lives. */
export function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "token") out[k] = stripTokens(v);
    return out;
  }
  return value;
}

/**
 * Better Auth owns /api/auth/*. Around it we add what the spec asks of sign-in and reset:
 * distinct "no account" / "wrong password" codes, failed-login limiting, and the reset
 * form's "No user found" answer (see docs/decisions/003-auth-error-messages.md); and what security asks:
 * an allow-list of endpoints, limits on reset mails and sign-ups, common passwords refused, no token in bodies.
 */
export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const resets = new WindowLimiter("reset", ctx.env.RESET_LIMIT_PER_HOUR, HOUR, ctx.limits);
  const signUps = new WindowLimiter("signup", ctx.env.SIGNUP_LIMIT_PER_HOUR, HOUR, ctx.limits);
  const verificationMails = new WindowLimiter("verify", ctx.env.RESET_LIMIT_PER_HOUR, HOUR, ctx.limits);

  async function forward(req: FastifyRequest): Promise<Response> {
    const url = new URL(req.url, ctx.env.publicUrl);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body !== undefined;
    return ctx.auth.handler(
      new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body) : undefined }),
    );
  }

  async function send(reply: FastifyReply, response: Response, bodyOverride?: unknown) {
    if (response.status >= 500 && !(await databaseReachable())) {
      return reply
        .status(503)
        .header("retry-after", String(DB_RETRY_AFTER_SECONDS))
        .send({ code: "SERVICE_UNAVAILABLE", message: SECURITY_MESSAGES.databaseUnavailable });
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key === "set-cookie" || key === "content-length" || key === "content-encoding") return;
      reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    if (bodyOverride !== undefined) return reply.send(bodyOverride);
    const text = await response.text();
    if (text.length && (response.headers.get("content-type") ?? "").includes("json")) {
      try {
        return reply.send(stripTokens(JSON.parse(text)));
      } catch {
        // not JSON after all: pass it through
      }
    }
    return reply.send(text.length ? text : null);
  }

  async function databaseReachable() {
    try {
      await ctx.database.ping();
      return true;
    } catch {
      return false;
    }
  }

  const emailOf = (body: unknown) =>
    typeof (body as { email?: unknown })?.email === "string"
      ? (body as { email: string }).email.trim().toLowerCase()
      : "";
  const field = (body: unknown, name: string) => {
    const v = (body as Record<string, unknown> | undefined)?.[name];
    return typeof v === "string" ? v : "";
  };
  const refuseCommon = (reply: FastifyReply) =>
    reply.status(400).send({ code: "PASSWORD_TOO_COMMON", message: SECURITY_MESSAGES.commonPassword });

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    async handler(req, reply) {
      const path = req.url.split("?")[0] ?? "";
      if (!ALLOWED.some((a) => a.method === req.method && a.path.test(path))) {
        return reply.status(404).send({ code: "NOT_FOUND", message: `No route for ${req.method} ${path}` });
      }

      if (req.method === "POST" && path === SIGN_IN_PATH) {
        const email = emailOf(req.body);
        if (await ctx.loginLimiter.isBlocked(email, req.ip)) {
          return reply
            .status(429)
            .send({ code: AUTH_ERROR_CODES.tooManyRequests, message: AUTH_MESSAGES.tooManyRequests });
        }
        const response = await forward(req);
        if (response.status === 401) {
          await ctx.loginLimiter.recordFailure(email, req.ip);
          const known = email ? await findUserByEmail(ctx.db, email) : undefined;
          const code = known ? AUTH_ERROR_CODES.invalidPassword : AUTH_ERROR_CODES.userNotFound;
          const message = known ? AUTH_MESSAGES.wrongPassword : AUTH_MESSAGES.userNotFound;
          return send(reply, response, { code, message });
        }
        if (response.ok) await ctx.loginLimiter.recordSuccess(email);
        return send(reply, response);
      }

      if (req.method === "POST" && path === SIGN_UP_PATH) {
        // Better Auth would store any name length and an image URL of any scheme: our limits apply first.
        const parsed = ZSignUpBodySchema.safeParse(req.body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path[0];
          const code =
            where === "email"
              ? "INVALID_EMAIL"
              : where === "name" && issue?.code === "too_big"
                ? "NAME_TOO_LONG"
                : "VALIDATION_ERROR";
          return reply.status(400).send({ code, message: issue?.message ?? "Invalid request" });
        }
        req.body = parsed.data;
        if (isCommonPassword(parsed.data.password)) return refuseCommon(reply);
        if (!(await signUps.take([`ip:${req.ip}`]))) {
          return reply
            .status(429)
            .header("retry-after", "3600")
            .send({ code: "TOO_MANY_SIGNUPS", message: SECURITY_MESSAGES.tooManySignUps });
        }
        const response = await forward(req);
        if (response.ok) {
          const created = (await response
            .clone()
            .json()
            .catch(() => null)) as { user?: { id?: string } } | null;
          if (created?.user?.id) await recordSignupIp(ctx.db, created.user.id, req.ip);
        }
        return send(reply, response);
      }

      if (req.method === "POST" && path === RESET_PATH) {
        if (isCommonPassword(field(req.body, "newPassword"))) return refuseCommon(reply);
      }

      if (req.method === "POST" && path === RESET_REQUEST_PATH) {
        const email = emailOf(req.body);
        if (!email)
          return reply.status(400).send({ code: "EMAIL_REQUIRED", message: AUTH_MESSAGES.resetEmailRequired });
        if (!EMAIL_RE.test(email)) {
          return reply.status(400).send({ code: "INVALID_EMAIL", message: AUTH_MESSAGES.resetInvalidEmail });
        }
        // Counted before the lookup, known address or not: the limit bounds both mail bombing and enumeration.
        if (!(await resets.take([`email:${email}`, `ip:${req.ip}`]))) {
          return reply
            .status(429)
            .header("retry-after", "3600")
            .send({ code: "TOO_MANY_RESETS", message: SECURITY_MESSAGES.tooManyResets });
        }
        if (!(await findUserByEmail(ctx.db, email))) {
          return reply
            .status(404)
            .send({ code: AUTH_ERROR_CODES.userNotFound, message: AUTH_MESSAGES.resetUserNotFound });
        }
      }

      if (req.method === "POST" && path === RESEND_VERIFICATION_PATH) {
        // Same bound as reset mails: nobody mail-bombs an address through "resend".
        if (!(await verificationMails.take([`email:${emailOf(req.body)}`, `ip:${req.ip}`]))) {
          return reply
            .status(429)
            .header("retry-after", "3600")
            .send({ code: "TOO_MANY_REQUESTS", message: SECURITY_MESSAGES.tooManyVerificationMails });
        }
      }

      if (req.method === "POST" && path === SIGN_OUT_PATH) {
        // Better Auth deletes the session row; every instance drops its cached entry (docs/decisions/062).
        const response = await forward(req);
        ctx.sessions.end(SessionCache.keyOf(req.headers.cookie));
        return send(reply, response);
      }

      return send(reply, await forward(req));
    },
  });
}
