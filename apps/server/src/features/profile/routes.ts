import {
  PROFILE_MESSAGES,
  ZDataExportResponseSchema,
  ZDeleteAccountSchema,
  ZProfileUpdateSchema,
  ZUserSchema,
} from "@mailsmith/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../core/audit.js";
import { SessionCache } from "../../core/identity/session-cache.js";
import { toUserDto } from "../../core/identity/users.js";
import { currentUser } from "../../plugins/access.js";
import { latestExport, readExportZip, startExport, toExportDto } from "./export/service.js";
import { deleteOwnAccount, updateProfile } from "./service.js";

/** The session cookies a deleted account's browser drops (plain and __Secure- names, Better Auth's cookie cache). */
const ENDED_SESSION_COOKIES = [
  "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
  "better-auth.session_data=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
  "__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax",
  "__Secure-better-auth.session_data=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax",
];

export async function profileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.put(
    "/api/update-user-profile/:userId",
    {
      config: { access: "owner" },
      schema: {
        tags: ["profile"],
        summary: "Update a profile (own profile; admins any). Role, membership and balance are refused",
        params: z.object({ userId: z.string().min(1).max(64) }),
        body: ZProfileUpdateSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), user: ZUserSchema }) },
      },
    },
    async (req) => {
      const row = await updateProfile(ctx, {
        caller: currentUser(req),
        actor: adminActor(req),
        userId: req.params.userId,
        body: req.body as z.output<typeof ZProfileUpdateSchema> & Record<string, unknown>,
      });
      return { success: true as const, message: PROFILE_MESSAGES.profileUpdated, user: toUserDto(row) };
    },
  );

  app.delete(
    "/api/me",
    {
      config: { access: "user" },
      schema: {
        tags: ["account"],
        summary:
          "Delete my account (password; Google-only accounts: a fresh sign-in). Orders stay, detached (decision 105)",
        body: ZDeleteAccountSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteOwnAccount(ctx, {
        caller: currentUser(req),
        password: req.body.password,
        headers: fromNodeHeaders(req.headers),
        ip: req.ip,
      });
      ctx.sessions.end(SessionCache.keyOf(req.headers.cookie));
      reply.header("set-cookie", ENDED_SESSION_COOKIES);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/me/export",
    {
      config: { access: "user" },
      schema: {
        tags: ["account"],
        summary: "My latest data export: its state and, when ready, an expiring link to the zip",
        response: { 200: ZDataExportResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return { export: await latestExport(ctx, currentUser(req).id) };
    },
  );

  app.post(
    "/api/me/export",
    {
      config: { access: "user" },
      schema: {
        tags: ["account"],
        summary: "Prepare a zip of my data (profile, orders, credits, tickets, templates); answers the job",
        response: { 202: ZDataExportResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await startExport(ctx, currentUser(req).id);
      return reply.code(202).send({ export: toExportDto(ctx, row) });
    },
  );

  app.get(
    "/api/me/export/:id/download",
    {
      config: { access: "user" },
      schema: {
        tags: ["account"],
        summary: "The zip of my data export, through its signed link (410 once it has expired)",
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const zip = await readExportZip(ctx, { userId: currentUser(req).id, id: req.params.id, ...req.query });
      const day = zip.createdAt.toISOString().slice(0, 10);
      reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="mailsmith-data-${day}.zip"`)
        .header("cache-control", "private, no-store");
      return reply.send(zip.body);
    },
  );
}
