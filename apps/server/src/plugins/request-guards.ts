import { CONTROL_CHARS_RE, MAX_JSON_DEPTH, SECURITY_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.js";

/**
 * Guards every request meets before any handler (ours and Better Auth's /api/auth/*):
 * - JSON bodies: empty is "no body", depth is bounded, invalid JSON is a 400;
 * - control characters (NUL above all, which PostgreSQL refuses) in the path, query or body are a 400;
 * - cross-site requests carrying the session cookie are refused when they change state (CSRF).
 * See docs/security.md.
 */

/** Nesting depth of a JSON text, counted without parsing (strings are skipped). Stops early past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** True when any string (or object key) inside `value` holds a control character. */
export function containsControlChars(value: unknown, budget = { n: 100_000 }): boolean {
  if (--budget.n < 0) return false;
  if (typeof value === "string") return CONTROL_CHARS_RE.test(value);
  if (Array.isArray(value)) return value.some((v) => containsControlChars(v, budget));
  if (value && typeof value === "object") {
    // for…in, not Object.entries: the query and params of most requests are empty, and this runs on every request.
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      if (CONTROL_CHARS_RE.test(k) || containsControlChars((value as Record<string, unknown>)[k], budget)) return true;
    }
  }
  return false;
}

const badJson = (message: string, code: string) => Object.assign(new Error(message), { statusCode: 400, code });

export function registerJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = String(body);
    // An empty JSON body (sign-out, toggles) is "no body", not an error.
    if (text.trim() === "") return done(null, undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(badJson(SECURITY_MESSAGES.tooDeep, "JSON_TOO_DEEP"), undefined);
    }
    try {
      const parsed: unknown = JSON.parse(text);
      // A route that must see the exact bytes (PayPal's webhook) gets the checked text, not the value.
      done(null, req.routeOptions.config.rawJsonBody ? text : parsed);
    } catch {
      done(badJson(SECURITY_MESSAGES.invalidJson, "INVALID_JSON"), undefined);
    }
  });
}

const controlCharacters = () => new AppError("CONTROL_CHARACTERS", SECURITY_MESSAGES.controlCharacters, 400);

interface MultipartPart {
  type: string;
  value?: unknown;
}

async function* guardParts(parts: AsyncIterable<MultipartPart>): AsyncGenerator<MultipartPart> {
  for await (const part of parts) {
    if (part.type === "field" && typeof part.value === "string" && CONTROL_CHARS_RE.test(part.value)) {
      throw controlCharacters();
    }
    yield part;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Origins allowed to send state-changing requests with the session cookie: the public URL and TRUSTED_ORIGINS. */
export function allowedOrigins(publicUrl: string, extra: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const u of [publicUrl, ...extra]) {
    try {
      set.add(new URL(u).origin);
    } catch {
      // ignored: env validation reports bad URLs
    }
  }
  return set;
}

/**
 * CSRF: a state-changing request that carries a cookie must come from one of our origins. Browsers send `Origin`
 * on every cross-origin request and on same-origin POST/PUT/PATCH/DELETE; `Sec-Fetch-Site` is checked when there
 * is no Origin. A request with neither header is not from a browser (curl, server-to-server) and cannot ride on a
 * victim's cookie, so it passes.
 */
export function isCrossSite(req: FastifyRequest, origins: Set<string>): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (!req.headers.cookie) return false;
  // An OAuth provider posts its answer back from its own site (form_post); Better Auth checks the state instead.
  if (req.url.startsWith("/api/auth/callback/")) return false;
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "") return !origins.has(origin);
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  return false;
}

export function registerRequestGuards(app: FastifyInstance, opts: { origins: Set<string> }) {
  // A callback hook (no promise per request): it runs on every request.
  app.addHook("onRequest", (req, _reply, done) => {
    // Third-party callers of the PayPal stand-in (our own server) and PayPal's webhooks carry no cookie.
    if (isCrossSite(req, opts.origins)) {
      return done(new AppError("CROSS_SITE_REQUEST", SECURITY_MESSAGES.crossSite, 403));
    }
    // Most URLs hold no escapes: decoding is only needed (and only can fail) when one does.
    let path = req.url;
    if (path.includes("%")) {
      try {
        path = decodeURIComponent(path);
      } catch {
        return done(new AppError("BAD_URL", "The address is not valid.", 400));
      }
    }
    if (CONTROL_CHARS_RE.test(path)) return done(controlCharacters());
    done();
  });
  app.addHook("preValidation", (req, _reply, done) => {
    if (containsControlChars(req.body) || containsControlChars(req.query) || containsControlChars(req.params)) {
      return done(controlCharacters());
    }
    // Multipart text fields are read by the handler (req.parts()); the same rule applies to each field as it arrives.
    const multipart = req as unknown as { parts?: (...args: unknown[]) => AsyncIterable<MultipartPart> };
    if (typeof multipart.parts === "function" && req.isMultipart?.()) {
      const original = multipart.parts.bind(req);
      multipart.parts = (...args: unknown[]) => guardParts(original(...args));
    }
    done();
  });
}
