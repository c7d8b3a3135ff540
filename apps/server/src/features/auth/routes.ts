import { AUTH_ROUTE_MESSAGES, SECURITY_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DB_RETRY_AFTER_SECONDS } from "../../lib/db-unavailable.js";
import { createAuthRules, type Refusal } from "./service.js";

const SIGN_IN_PATH = "/api/auth/sign-in/email";
const SIGN_UP_PATH = "/api/auth/sign-up/email";
const RESET_REQUEST_PATH = "/api/auth/request-password-reset";
const RESET_PATH = "/api/auth/reset-password";
const SIGN_OUT_PATH = "/api/auth/sign-out";
const RESEND_VERIFICATION_PATH = "/api/auth/send-verification-email";

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
  const rules = createAuthRules(ctx);

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
  const refuse = (reply: FastifyReply, refusal: Refusal) => {
    if (refusal.retryAfter !== undefined) reply.header("retry-after", String(refusal.retryAfter));
    return reply.status(refusal.status).send({ code: refusal.code, message: refusal.message });
  };

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    async handler(req, reply) {
      const path = req.url.split("?")[0] ?? "";
      if (!ALLOWED.some((a) => a.method === req.method && a.path.test(path))) {
        return reply.status(404).send({ code: "NOT_FOUND", message: AUTH_ROUTE_MESSAGES.noRoute(req.method, path) });
      }
      if (req.method !== "POST") return send(reply, await forward(req));
      const email = emailOf(req.body);

      if (path === SIGN_IN_PATH) {
        const blocked = await rules.beforeSignIn({ email, ip: req.ip });
        if (blocked) return refuse(reply, blocked);
        const response = await forward(req);
        if (response.status === 401) return send(reply, response, await rules.afterFailedSignIn({ email, ip: req.ip }));
        if (response.ok) await rules.afterSignIn({ email });
        return send(reply, response);
      }

      if (path === SIGN_UP_PATH) {
        const checked = await rules.checkSignUp({ body: req.body, ip: req.ip });
        if ("refusal" in checked) return refuse(reply, checked.refusal);
        req.body = checked.body;
        const response = await forward(req);
        if (response.ok) {
          const created = (await response
            .clone()
            .json()
            .catch(() => null)) as { user?: { id?: string } } | null;
          if (created?.user?.id) await rules.afterSignUp({ userId: created.user.id, ip: req.ip });
        }
        return send(reply, response);
      }

      const refusal =
        path === RESET_PATH
          ? rules.checkNewPassword(field(req.body, "newPassword"))
          : path === RESET_REQUEST_PATH
            ? await rules.checkResetRequest({ email, ip: req.ip })
            : path === RESEND_VERIFICATION_PATH
              ? await rules.checkResendVerification({ email, ip: req.ip })
              : null;
      if (refusal) return refuse(reply, refusal);

      if (path === SIGN_OUT_PATH) {
        const response = await forward(req);
        rules.endSession(req.headers.cookie);
        return send(reply, response);
      }

      return send(reply, await forward(req));
    },
  });
}
