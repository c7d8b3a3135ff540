const MAY_HOLD_SECRET = /\/reset-password\/|[?&](?:token|code|state)=/i;

/** Keeps secrets that travel in URLs (password reset and e-mail verification tokens) out of request logs. */
export function redactUrl(url: string): string {
  // Every logged request passes here: most URLs hold nothing to redact, and a test is cheaper than two replaces.
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url
    .replace(/(\/reset-password\/)[^/?#]+/gi, "$1[redacted]")
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]");
}

/** pino serializer for Fastify's request: what Fastify logs by default, with the URL redacted. */
export function redactedRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ""),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
