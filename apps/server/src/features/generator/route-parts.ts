import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** Pieces every generator sub-plugin declares the same way. */
export const idParams = z.object({ id: z.string().uuid() });
export const slotParams = z.object({ id: z.string().uuid(), slot: z.coerce.number().int().min(1).max(100) });
export const okResponse = z.object({ success: z.literal(true), message: z.string() });

/** Rate limits count per member (the IP only before sign-in, which these routes refuse anyway). */
export const byUser = (req: FastifyRequest) => req.user?.id ?? req.ip;
/** The member-facing limit on anything that starts model work or stores an upload. */
export const perMemberLimit = { max: 30, timeWindow: "1 minute", keyGenerator: byUser };

/** An NDJSON answer that proxies must pass through as it is written (job events, html deltas). */
export function sendNdjson(reply: FastifyReply, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", "application/x-ndjson; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    .header("x-accel-buffering", "no")
    .send(stream);
}
