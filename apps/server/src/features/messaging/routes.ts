import {
  MESSAGE_LOG_PAGE_SIZE,
  MESSAGING_MESSAGES,
  USERS_MESSAGES,
  ZEmailTemplateInputSchema,
  ZEmailTemplateSchema,
  ZMessageLogEntrySchema,
  ZMessageLogPageSchema,
  ZSendMessageSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../core/audit.js";
import { currentUser } from "../../plugins/access.js";
import { toLogDto, toTemplateDto } from "./repo.js";
import {
  createTemplate,
  deleteTemplate,
  listMessageLog,
  listTemplates,
  sendMessage,
  updateTemplate,
} from "./service.js";

const idParams = z.object({ id: z.string().uuid() });
const templateReply = z.object({ success: z.literal(true), message: z.string(), data: ZEmailTemplateSchema });

export async function messagingRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/user-emails",
    {
      config: { access: "admin" },
      schema: { tags: ["messaging"], summary: "Email templates", response: { 200: z.array(ZEmailTemplateSchema) } },
    },
    async () => (await listTemplates(ctx)).map(toTemplateDto),
  );

  app.post(
    "/api/user-emails",
    {
      config: { access: "admin" },
      schema: {
        tags: ["messaging"],
        summary: "Create an email template ({{name}} is replaced with the recipient's name)",
        body: ZEmailTemplateInputSchema,
        response: { 201: templateReply },
      },
    },
    async (req, reply) => {
      const row = await createTemplate(ctx, adminActor(req), req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: MESSAGING_MESSAGES.templateSaved, data: toTemplateDto(row) });
    },
  );

  app.put(
    "/api/user-emails/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["messaging"],
        summary: "Edit an email template",
        params: idParams,
        body: ZEmailTemplateInputSchema,
        response: { 200: templateReply },
      },
    },
    async (req) => {
      const row = await updateTemplate(ctx, adminActor(req), req.params.id, req.body);
      return { success: true as const, message: MESSAGING_MESSAGES.templateSaved, data: toTemplateDto(row) };
    },
  );

  app.delete(
    "/api/user-emails/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["messaging"],
        summary: "Delete an email template",
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await deleteTemplate(ctx, adminActor(req), req.params.id);
      return { success: true as const, message: MESSAGING_MESSAGES.templateDeleted };
    },
  );

  app.post(
    "/api/send-message",
    {
      config: { access: "admin", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["messaging"],
        summary: "Email a registered user (HTML body) through the mail adapter; the message is logged",
        body: ZSendMessageSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), log: ZMessageLogEntrySchema }) },
      },
    },
    async (req) => {
      const row = await sendMessage(ctx, { caller: currentUser(req), actor: adminActor(req), body: req.body });
      return { success: true as const, message: USERS_MESSAGES.messageSent, log: toLogDto(row) };
    },
  );

  app.get(
    "/api/message-logs",
    {
      config: { access: "admin" },
      schema: {
        tags: ["messaging"],
        summary: "Message Log History (newest first, 5 per page), optionally for one recipient",
        querystring: z.object({
          toEmail: z.string().trim().max(254).optional(),
          page: z.coerce.number().int().min(1).default(1),
        }),
        response: { 200: ZMessageLogPageSchema },
      },
    },
    async (req) => {
      const { rows, total } = await listMessageLog(ctx, { toEmail: req.query.toEmail, page: req.query.page });
      return { data: rows.map(toLogDto), total, page: req.query.page, pageSize: MESSAGE_LOG_PAGE_SIZE };
    },
  );
}
