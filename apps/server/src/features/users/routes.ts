import {
  USERS_MESSAGES,
  ZAdminUserUpdateSchema,
  ZLedgerEntrySchema,
  ZMeResponseSchema,
  ZPublicConfigSchema,
  ZSessionResponseSchema,
  ZUserBanSchema,
  ZUserSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../core/audit.js";
import { toAdminUserDto, toUserDto } from "../../core/identity/users.js";
import { currentUser, resolveUser } from "../../plugins/access.js";
import {
  adminDeleteUser,
  adminSetBanned,
  adminUpdateUser,
  findUsers,
  listAdministrators,
  userLedger,
} from "./service.js";

const idParams = z.object({ id: z.string().min(1).max(64) });
const userReply = z.object({ success: z.literal(true), message: z.string(), user: ZUserSchema });

export async function userRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/me",
    {
      config: { access: "user" },
      schema: { tags: ["account"], summary: "The signed-in user's record", response: { 200: ZMeResponseSchema } },
    },
    async (req) => ({ user: toUserDto(currentUser(req)) }),
  );

  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: {
        tags: ["account"],
        summary: "The browser's auth state: the signed-in user's record, or null for a visitor",
        response: { 200: ZSessionResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      const row = await resolveUser(ctx, req);
      return { user: row ? toUserDto(row) : null };
    },
  );

  app.get(
    "/api/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "What the browser needs to know about this deployment",
        response: { 200: ZPublicConfigSchema },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return {
        googleSignIn: Boolean(ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET),
        signupBonusCredits: ctx.env.SIGNUP_BONUS_CREDITS,
      };
    },
  );

  // The old client called this after sign-up. The account now creates the record on the server,
  // so this only returns the caller's own record; role and balance in the body are ignored.
  app.post(
    "/api/create-user",
    {
      config: { access: "user" },
      schema: {
        tags: ["account"],
        summary: "Returns the caller's user record (created with the account)",
        body: z
          .object({
            userName: z.string().optional(),
            userEmail: z.string().optional(),
            profileURL: z.string().nullable().optional(),
          })
          .passthrough()
          .optional(),
        response: { 200: z.object({ success: z.literal(true), credits: z.number().int(), user: ZUserSchema }) },
      },
    },
    async (req) => {
      const row = currentUser(req);
      return { success: true as const, credits: row.currentBalance, user: toUserDto(row) };
    },
  );

  // Members may look up only themselves; admins may look up anyone (spec: GET /users?userEmail=).
  app.get(
    "/api/users",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "With userEmail: that user (own record unless admin). Without: all users (admin)",
        querystring: z.object({ userEmail: z.string().optional() }),
        response: { 200: z.array(ZUserSchema) },
      },
    },
    async (req) => {
      const found = await findUsers(ctx, { caller: currentUser(req), email: req.query.userEmail });
      return found.rows.map((row) =>
        found.adminView ? toAdminUserDto(row, found.storage?.get(row.id)) : toUserDto(row),
      );
    },
  );

  app.get(
    "/api/users/admins",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Administrators",
        response: { 200: z.array(z.object({ _id: z.string(), userName: z.string(), UserEmail: z.string() })) },
      },
    },
    async () => {
      const rows = await listAdministrators(ctx);
      return rows.map((r) => ({ _id: r.id, userName: r.name, UserEmail: r.email }));
    },
  );

  app.put(
    "/api/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Edit a user's name, role, membership and balance (balance changes go through the ledger)",
        params: idParams,
        body: ZAdminUserUpdateSchema,
        response: { 200: userReply },
      },
    },
    async (req) => {
      const row = await adminUpdateUser(ctx, {
        caller: currentUser(req),
        actor: adminActor(req),
        id: req.params.id,
        body: req.body,
      });
      return { success: true as const, message: USERS_MESSAGES.updated, user: toUserDto(row) };
    },
  );

  app.delete(
    "/api/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Delete a user (not yourself)",
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await adminDeleteUser(ctx, { caller: currentUser(req), actor: adminActor(req), id: req.params.id });
      return { success: true as const, message: USERS_MESSAGES.deleted };
    },
  );

  app.put(
    "/api/users/:id/banned",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Disable (banned: true) or enable an account; disabling ends its sessions at once",
        params: idParams,
        body: ZUserBanSchema,
        response: { 200: userReply },
      },
    },
    async (req) => {
      const row = await adminSetBanned(ctx, {
        caller: currentUser(req),
        actor: adminActor(req),
        id: req.params.id,
        banned: req.body.banned,
      });
      return {
        success: true as const,
        message: row.banned ? USERS_MESSAGES.disabled : USERS_MESSAGES.enabled,
        user: toUserDto(row),
      };
    },
  );

  app.get(
    "/api/users/:id/credits",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "A user's credit ledger (newest first, last 50 entries)",
        params: idParams,
        response: { 200: z.array(ZLedgerEntrySchema) },
      },
    },
    async (req) => {
      const rows = await userLedger(ctx, req.params.id);
      return rows.map((r) => ({
        _id: r.id,
        delta: r.delta,
        balanceAfter: r.balanceAfter,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
}
