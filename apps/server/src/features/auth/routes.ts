import { AUTH_ERROR_CODES, AUTH_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findUserByEmail } from "../users/repo.js";

const SIGN_IN_PATH = "/api/auth/sign-in/email";
const RESET_REQUEST_PATH = "/api/auth/request-password-reset";
const SIGN_OUT_PATH = "/api/auth/sign-out";
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Better Auth owns /api/auth/*. Around it we add what the spec asks of sign-in and reset:
 * distinct "no account" / "wrong password" codes, failed-login limiting, and the reset
 * form's "No user found" answer (see docs/decisions/003-auth-error-messages.md).
 */
export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

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
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key === "set-cookie" || key === "content-length" || key === "content-encoding") return;
      reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    if (bodyOverride !== undefined) return reply.send(bodyOverride);
    const text = await response.text();
    return reply.send(text.length ? text : null);
  }

  const emailOf = (body: unknown) =>
    typeof (body as { email?: unknown })?.email === "string"
      ? (body as { email: string }).email.trim().toLowerCase()
      : "";

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    async handler(req, reply) {
      const path = req.url.split("?")[0];

      if (req.method === "POST" && path === SIGN_IN_PATH) {
        const email = emailOf(req.body);
        if (ctx.loginLimiter.isBlocked(email, req.ip)) {
          return reply
            .status(429)
            .send({ code: AUTH_ERROR_CODES.tooManyRequests, message: AUTH_MESSAGES.tooManyRequests });
        }
        const response = await forward(req);
        if (response.status === 401) {
          ctx.loginLimiter.recordFailure(email, req.ip);
          const known = email ? await findUserByEmail(ctx.db, email) : undefined;
          const code = known ? AUTH_ERROR_CODES.invalidPassword : AUTH_ERROR_CODES.userNotFound;
          const message = known ? AUTH_MESSAGES.wrongPassword : AUTH_MESSAGES.userNotFound;
          return send(reply, response, { code, message });
        }
        if (response.ok) ctx.loginLimiter.recordSuccess(email);
        return send(reply, response);
      }

      if (req.method === "POST" && path === RESET_REQUEST_PATH) {
        const email = emailOf(req.body);
        if (!email)
          return reply.status(400).send({ code: "EMAIL_REQUIRED", message: AUTH_MESSAGES.resetEmailRequired });
        if (!EMAIL_RE.test(email)) {
          return reply.status(400).send({ code: "INVALID_EMAIL", message: AUTH_MESSAGES.resetInvalidEmail });
        }
        if (!(await findUserByEmail(ctx.db, email))) {
          return reply
            .status(404)
            .send({ code: AUTH_ERROR_CODES.userNotFound, message: AUTH_MESSAGES.resetUserNotFound });
        }
      }

      if (req.method === "POST" && path === SIGN_OUT_PATH) ctx.sessions.delete(req.headers.cookie);

      return send(reply, await forward(req));
    },
  });
}
