import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Browser hardening for what this server serves. Pages of the web app get a Content-Security-Policy: scripts only
 * from us (and PayPal's checkout SDK), no framing of our pages, no plugins. Generated emails are shown in
 * `<iframe sandbox srcdoc>`, which inherits this policy: their inline styles and https images stay allowed.
 * The OpenAPI UI and the offline PayPal stand-in's approval page are tools with their own inline code: no CSP there.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "connect-src 'self' https://*.paypal.com",
  "frame-src 'self' https://*.paypal.com https://www.youtube-nocookie.com",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const NO_CSP_PREFIXES = ["/api/docs", "/paypal-standin"];

/** Answers to tools and APIs (JSON, the OpenAPI UI, the stand-in's page) still forbid framing. */
export const NO_FRAMING_POLICY = "frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  // A callback hook (no promise per answer): it runs on every response.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!reply.hasHeader("x-content-type-options")) reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    if (opts.https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    // No answer of ours may be framed by another site (clickjacking): the OpenAPI UI sends the admin's cookies.
    reply.header("x-frame-options", "DENY");
    const type = reply.getHeader("content-type");
    const query = req.url.indexOf("?");
    const path = query === -1 ? req.url : req.url.slice(0, query);
    if (typeof type === "string" && type.startsWith("text/html") && !NO_CSP_PREFIXES.some((p) => path.startsWith(p))) {
      if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
      reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    } else if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", NO_FRAMING_POLICY);
    }
    // Personal answers are never stored by the browser or a shared cache.
    if (isPersonal(req, reply, path)) {
      const prior = String(reply.getHeader("cache-control") ?? "");
      reply.header("cache-control", prior.includes("no-transform") ? "no-store, no-transform" : "no-store");
    }
    done(null, payload);
  });
}

/** Signed-in answers, auth endpoints, and any API answer to a request carrying a cookie that set no cache policy. */
function isPersonal(req: FastifyRequest, reply: FastifyReply, path: string): boolean {
  if (req.user) return true;
  if (path.startsWith("/api/auth/") || path === "/api/session") return true;
  return Boolean(req.headers.cookie) && path.startsWith("/api/") && !reply.hasHeader("cache-control");
}
