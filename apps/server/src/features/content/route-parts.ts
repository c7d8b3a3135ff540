import { contentResponse, FOOTER_VERSION_HEADER } from "@mailsmith/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { notFound } from "../../lib/app-error.js";
import { sendCachedJson } from "../../lib/etag.js";
import { resolveUser } from "../../plugins/access.js";
import type { CachedAnswer } from "./cache.js";
import type { ContentService } from "./service.js";

/** What every content sub-plugin is given: the feature's one service (its cache is shared by all routes). */
export interface ContentRouteOptions {
  content: ContentService;
}

const tags = ["content"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IdParams = z.object({ id: z.string().max(64) });

/** A malformed id is a 404 with the item's message, as a missing one is (never a database error). */
export function requireUuid(id: string, message: string) {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}

export const ok = <T>(data: T, message: string) => ({ success: true as const, data, message });

// Route options: access, OpenAPI tags/summary and the answer's schema, declared the same way by every content route.
export const publicGet = (summary: string, data: z.ZodTypeAny) => ({
  config: { access: "public" as const },
  schema: { tags, summary, response: { 200: contentResponse(data) } },
});
export const adminRoute = (summary: string, data: z.ZodTypeAny) => ({
  config: { access: "admin" as const },
  schema: { tags, summary, response: { 200: contentResponse(data) } },
});
export const adminRouteWithBody = <B extends z.ZodTypeAny>(summary: string, data: z.ZodTypeAny, body: B) => ({
  config: { access: "admin" as const },
  schema: { tags, summary, body, response: { 200: contentResponse(data) } },
});
export const adminRouteById = (summary: string, data: z.ZodTypeAny) => ({
  config: { access: "admin" as const },
  schema: { tags, summary, params: IdParams, response: { 200: contentResponse(data) } },
});
export const adminRouteByIdWithBody = <B extends z.ZodTypeAny>(summary: string, data: z.ZodTypeAny, body: B) => ({
  config: { access: "admin" as const },
  schema: { tags, summary, params: IdParams, body, response: { 200: contentResponse(data) } },
});

/** A landing section's cached answer (sendCachedJson), with the footer's version tag and, for lists, Vary: Cookie. */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  footerTag: string,
  varyOnCookie = false,
): void {
  // The browser keeps the footer for an hour (spec); this tag tells it when an admin changed it.
  reply.header(FOOTER_VERSION_HEADER, footerTag);
  if (varyOnCookie) reply.header("vary", "cookie");
  sendCachedJson(req, reply, answer);
}

/** Lists show inactive items to a signed-in admin only (the admin tables use the same GET). */
export function callerIsAdmin(ctx: AppContext, req: FastifyRequest): boolean | Promise<boolean> {
  // A visitor (most reads) carries no cookie: known at once, no session lookup and no promise.
  if (!req.headers.cookie) return false;
  return resolveUser(ctx, req).then(
    (user) => user?.role === "Admin",
    () => false,
  );
}
