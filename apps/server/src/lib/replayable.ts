import type { FastifyReply } from "fastify";

/** Tells whether a recorded answer is still the answer the route would give now (checked on every replay). */
export type StillCurrent = () => boolean;

declare module "fastify" {
  interface FastifyReply {
    /** Set by a route whose answer to a visitor may be replayed while this holds. */
    replayWhile: StillCurrent | null;
  }
}

/**
 * Lets the server answer the next visitors' identical requests with this answer, byte for byte, without running the
 * route again, for as long as `stillCurrent()` holds. Only for public GET routes whose answer depends on
 * nothing but the URL (no cookie, no query) and whose data tells when it changes: a cached content answer, health.
 */
export function replayWhile(reply: FastifyReply, stillCurrent: StillCurrent | null): void {
  reply.replayWhile = stillCurrent;
}
