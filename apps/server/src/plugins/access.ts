import { ACCESS_MESSAGES, AUTH_ERROR_CODES, AUTH_MESSAGES } from "@mailsmith/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { SessionCache } from "../core/identity/session-cache.js";
import { revokeSessions, type UserRow } from "../core/identity/users.js";
import { forbidden, unauthorized } from "../lib/app-error.js";

/**
 * Who may call a route, declared where the route is registered:
 * - public: anyone;
 * - user: any signed-in member;
 * - owner: signed-in, and the service checks the record belongs to the caller (or the caller is an admin);
 * - admin: signed-in with role Admin.
 */
export type Access = "public" | "user" | "owner" | "admin";
export const ACCESS_LEVELS: readonly Access[] = ["public", "user", "owner", "admin"];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The JSON body reaches the handler as its text, after the same guards (request-guards.ts). */
    rawJsonBody?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** method + url + access of every registered route, for the access audit test. */
    routeTable: { method: string; url: string; access: Access }[];
  }
}

/** Reads the session (session cache first, else Better Auth and the database) and loads the fresh user row. */
export async function resolveUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | null> {
  const key = SessionCache.keyOf(req.headers.cookie);
  if (!key) return null;
  let cached: { userId: string; sessionCreatedAt: Date } | undefined = ctx.sessions.get(key);
  if (!cached) {
    const mark = ctx.sessions.mark();
    const found = await ctx.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    if (!found) return null;
    cached = { userId: found.user.id, sessionCreatedAt: new Date(found.session.createdAt) };
    ctx.sessions.set(key, { ...cached, sessionExpiresAt: new Date(found.session.expiresAt) }, mark);
  }
  const row = await ctx.users.get(cached.userId);
  if (!row) return null;
  if (row.banned) {
    // A disabled account loses every session at once.
    if (!row.sessionsRevokedAt) {
      await revokeSessions(ctx.db, row.id);
      ctx.users.invalidate(row.id);
    }
    throw unauthorized(AUTH_MESSAGES.userDisabled, AUTH_ERROR_CODES.userDisabled);
  }
  if (row.sessionsRevokedAt && cached.sessionCreatedAt <= row.sessionsRevokedAt) return null;
  return row;
}

export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest("user", null);
  app.decorate("routeTable", []);

  app.addHook("onRoute", (route) => {
    // The OpenAPI UI's own routes (registered by @fastify/swagger-ui) are public documentation.
    if (route.url.startsWith("/api/docs") && !route.config?.access) {
      route.config = { ...route.config, access: "public" } as typeof route.config;
    }
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${methods.join(",")} ${route.url} must declare config.access (${ACCESS_LEVELS.join(" | ")})`,
      );
    }
    for (const method of methods) app.routeTable.push({ method, url: route.url, access });
  });

  // A callback hook: public requests (most of the traffic) leave at once, without a promise.
  app.addHook("onRequest", (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === "public") return done();
    resolveUser(app.ctx, req).then((row) => {
      if (!row) return done(unauthorized());
      if (access === "admin" && row.role !== "Admin") {
        return done(forbidden(ACCESS_MESSAGES.adminOnly));
      }
      req.user = row;
      done();
    }, done);
  });
}

/** For handlers behind user/owner/admin access: the hook guarantees a user. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function isAdmin(user: UserRow | null | undefined): boolean {
  return user?.role === "Admin";
}

/** Owner check for `owner` routes: the record's owner, or an admin. */
export function assertOwnerOrAdmin(user: UserRow, ownerId: string | null | undefined, message?: string) {
  if (user.role === "Admin") return;
  if (!ownerId || ownerId !== user.id) throw forbidden(message ?? ACCESS_MESSAGES.ownRecordsOnly);
}
