import { SUPPORT_MESSAGES, ZNewSupportMessageSchema, ZSupportTicketSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { resolveUser } from "../../plugins/access.js";
import { toTicketDto } from "./repo.js";
import { createTicket } from "./service.js";

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
      const row = await createTicket(ctx.db, { body: req.body, caller });
      return reply
        .status(201)
        .send({ success: true as const, message: SUPPORT_MESSAGES.ticketCreated, data: toTicketDto(row) });
    },
  );
}
