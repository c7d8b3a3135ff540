import {
  SUPPORT_MESSAGES,
  SUPPORT_UI_MESSAGES,
  ZNewSupportMessageSchema,
  ZSupportTicketSchema,
  ZTicketListQuerySchema,
  ZTicketReplySchema,
  ZTicketUpdateSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../core/audit.js";
import { currentUser, resolveUser } from "../../plugins/access.js";
import { toTicketDto } from "./repo.js";
import { createTicket, getTicket, listTickets, replyToTicket, updateTicket } from "./service.js";

const idParams = z.object({ id: z.string().uuid() });
const ticketReply = z.object({ success: z.literal(true), message: z.string(), data: ZSupportTicketSchema });

export async function supportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.post(
    "/api/new-support-message",
    {
      // Public: the contact form is for visitors; signed-in callers file under their own identity.
      config: { access: "public", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["support"],
        summary: "Create a support ticket (contact form or member ticket)",
        body: ZNewSupportMessageSchema,
        response: { 201: z.object({ success: z.literal(true), message: z.string(), data: ZSupportTicketSchema }) },
      },
    },
    async (req, reply) => {
      const caller = await resolveUser(ctx, req).catch(() => null);
      const row = await createTicket(ctx, { body: req.body, caller });
      return reply
        .status(201)
        .send({ success: true as const, message: SUPPORT_MESSAGES.ticketCreated, data: toTicketDto(row) });
    },
  );

  app.get(
    "/api/support-messages",
    {
      config: { access: "user" },
      schema: {
        tags: ["support"],
        summary: "Tickets, newest first: all with filters for admins, only the caller's own for members",
        querystring: ZTicketListQuerySchema,
        response: { 200: z.array(ZSupportTicketSchema) },
      },
    },
    async (req) => (await listTickets(ctx, { caller: currentUser(req), query: req.query })).map(toTicketDto),
  );

  app.get(
    "/api/support-message/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["support"],
        summary: "One ticket with its conversation (its owner or an admin)",
        params: idParams,
        response: { 200: ZSupportTicketSchema },
      },
    },
    async (req) => toTicketDto(await getTicket(ctx, { caller: currentUser(req), id: req.params.id })),
  );

  app.put(
    "/api/support-message-status/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["support"],
        summary: "Set a ticket's status (open, in-progress, resolved, closed) and/or priority (high, medium, low)",
        params: idParams,
        body: ZTicketUpdateSchema,
        response: { 200: ticketReply },
      },
    },
    async (req) => {
      const row = await updateTicket(ctx, { actor: adminActor(req), id: req.params.id, body: req.body });
      return { success: true as const, message: SUPPORT_UI_MESSAGES.statusUpdated, data: toTicketDto(row) };
    },
  );

  app.post(
    "/api/support-message/:id/reply",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["support"],
        summary:
          "Reply on a ticket (its owner: sets it in-progress; an admin: emails the member). Not on closed tickets",
        params: idParams,
        body: ZTicketReplySchema,
        response: { 200: ticketReply },
      },
    },
    async (req) => {
      const row = await replyToTicket(ctx, {
        caller: currentUser(req),
        actor: adminActor(req),
        id: req.params.id,
        message: req.body.message,
      });
      return { success: true as const, message: SUPPORT_UI_MESSAGES.replySent, data: toTicketDto(row) };
    },
  );
}
