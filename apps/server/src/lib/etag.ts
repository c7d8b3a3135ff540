import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Whether a request's If-None-Match names this ETag: a list of tags, weak (`W/`) or strong, as browsers and proxies
 * send it. Used by every cached public answer to reply 304.
 */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) ?? false;
}

/**
 * Sends a cached public answer that is already JSON text: revalidated by the browser on every load (no-cache + ETag),
 * so a change shows on the next load while an unchanged answer costs a 304 and no work.
 */
export function sendCachedJson(req: FastifyRequest, reply: FastifyReply, answer: { body: string; etag: string }) {
  reply.header("cache-control", "no-cache");
  reply.header("etag", answer.etag);
  if (ifNoneMatchHas(req.headers["if-none-match"], answer.etag)) {
    reply.code(304).send();
    return;
  }
  // Fastify sends a string with a JSON content type as is.
  reply.type("application/json; charset=utf-8").send(answer.body as never);
}
