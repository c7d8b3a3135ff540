import fastifyMultipart from "@fastify/multipart";
import {
  CREDITS_PER_GENERATION,
  GEMINI_KEY_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  ZCreateGeminiKeySchema,
  ZGeminiKeyListResponseSchema,
  ZGeminiKeyResponseSchema,
  ZGenerateFieldsSchema,
  ZGeneratorStatusSchema,
  ZRefineSchema,
  ZTemplateListResponseSchema,
  ZTemplateResponseSchema,
  ZUpdateGeminiKeySchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createGeminiClient, type GeminiClient } from "../../adapters/gemini/client.js";
import { createEmailProcessor } from "../../email-engine/pool.js";
import { AppError, badRequest } from "../../lib/app-error.js";
import { currentUser } from "../../plugins/access.js";
import { readImages } from "./images.js";
import { keysService } from "./keys-service.js";
import { keysRepo, toKeyDto, toSummaryDto, toTemplateDto } from "./repo.js";
import { assertRefinable, type GenerationDeps, refundStalePending, startGeneration } from "./service.js";
import { templatesService } from "./templates-service.js";

const idParams = z.object({ id: z.string().uuid() });
const ok = z.object({ success: z.literal(true), message: z.string() });
const byUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

/** Reads the multipart form (fields emailType, instructions; files images) or a JSON body without images. */
async function readGenerateRequest(req: FastifyRequest) {
  const files: Buffer[] = [];
  const fields: Record<string, string> = {};
  if (req.isMultipart()) {
    try {
      for await (const part of req.parts({
        limits: {
          fileSize: GENERATOR_LIMITS.maxImageBytes,
          files: GENERATOR_LIMITS.maxImages,
          fields: 10,
          fieldSize: 16 * 1024,
          parts: GENERATOR_LIMITS.maxImages + 10,
        },
      })) {
        if (part.type === "file") {
          const buf = await part.toBuffer();
          if (buf.length > 0) files.push(buf);
        } else if (typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest(GENERATOR_MESSAGES.imageTooLarge, "IMAGE_TOO_LARGE");
      if (code === "FST_FILES_LIMIT") throw badRequest(GENERATOR_MESSAGES.tooManyImages, "TOO_MANY_IMAGES");
      if (code?.startsWith("FST_")) throw badRequest(GENERATOR_MESSAGES.readImagesFailed, "BAD_UPLOAD");
      throw err;
    }
  } else if (req.body && typeof req.body === "object") {
    Object.assign(fields, req.body);
  }
  const parsed = ZGenerateFieldsSchema.safeParse({
    emailType: fields.emailType || undefined,
    instructions: fields.instructions ?? "",
  });
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? GENERATOR_MESSAGES.invalidEmailType, "VALIDATION_ERROR");
  return { ...parsed.data, files };
}

function sendStream(reply: FastifyReply, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", "application/x-ndjson; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    .header("x-accel-buffering", "no")
    .send(stream);
}

export async function generatorRoutes(appBase: FastifyInstance, opts: { gemini?: GeminiClient } = {}) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: GENERATOR_LIMITS.maxImageBytes, files: GENERATOR_LIMITS.maxImages, fields: 10, parts: 20 },
    });
  }
  const deps: GenerationDeps = {
    ctx,
    gemini: opts.gemini ?? createGeminiClient({ baseUrl: ctx.env.GEMINI_BASE_URL }),
    postProcessor: createEmailProcessor((err) => ctx.log.error({ err }, "email post-processing worker failed")),
    running: new Set(),
  };
  appBase.addHook("onReady", async () => {
    const n = await refundStalePending(ctx);
    if (n) ctx.log.warn({ refunded: n }, "refunded generations left pending by a previous run");
  });
  appBase.addHook("onClose", async () => {
    await Promise.allSettled([...deps.running]);
    await deps.postProcessor.close();
  });

  // ---------- generation ----------

  app.get(
    "/api/generate/status",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary: "Whether generation is available (an active key exists); never returns a key",
        response: { 200: ZGeneratorStatusSchema },
      },
    },
    async () => ({
      available: (await keysRepo.active(ctx.db)).length > 0,
      model: ctx.env.GEMINI_MODEL,
      creditsPerGeneration: CREDITS_PER_GENERATION,
    }),
  );

  app.post(
    "/api/generate",
    {
      config: {
        access: "user",
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser },
      },
      schema: {
        tags: ["generator"],
        summary:
          "Generate an email template from design images (multipart: images[] ≤5 × 4 MB PNG/JPEG/WebP/GIF, emailType, instructions). Costs 1 credit; answers NDJSON events start, html…, done | error (refunded)",
        consumes: ["multipart/form-data", "application/json"],
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const { emailType, instructions, files } = await readGenerateRequest(req);
      const images = await readImages(files);
      const stream = await startGeneration(deps, { user: caller, emailType, instructions, images });
      return sendStream(reply, stream);
    },
  );

  // ---------- history ----------

  app.get(
    "/api/templates",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary: "The caller's saved templates, newest first",
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: ZTemplateListResponseSchema },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const { rows, total } = await templatesService.list(ctx, caller.id, req.query.page);
      return {
        success: true as const,
        data: rows.map(toSummaryDto),
        total,
        page: req.query.page,
        pageSize: GENERATOR_LIMITS.templatesPageSize,
      };
    },
  );

  app.get(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "One saved template with its HTML, plain text and quality report",
        params: idParams,
        response: { 200: ZTemplateResponseSchema },
      },
    },
    async (req) => {
      const row = await templatesService.get(ctx, currentUser(req), req.params.id);
      return { success: true as const, data: toTemplateDto(row) };
    },
  );

  app.delete(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: { tags: ["generator"], summary: "Delete a saved template", params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await templatesService.remove(ctx, currentUser(req), req.params.id);
      return { success: true as const, message: GENERATOR_MESSAGES.deleted };
    },
  );

  app.post(
    "/api/templates/:id/refine",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
      schema: {
        tags: ["generator"],
        summary:
          "Apply a follow-up instruction to a template for 1 credit; saves a new version linked to it (NDJSON events)",
        params: idParams,
        body: ZRefineSchema,
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const parent = assertRefinable(await templatesService.get(ctx, caller, req.params.id));
      if (parent.userId !== caller.id) throw new AppError("FORBIDDEN", "You can only refine your own templates.", 403);
      const stream = await startGeneration(deps, {
        user: caller,
        emailType: parent.emailType,
        instructions: req.body.instructions,
        images: [],
        parent,
      });
      return sendStream(reply, stream);
    },
  );

  app.post(
    "/api/templates/:id/send-test",
    {
      config: {
        access: "owner",
        rateLimit: {
          max: GENERATOR_LIMITS.testSendMax,
          timeWindow: GENERATOR_LIMITS.testSendWindow,
          keyGenerator: byUser,
          errorResponseBuilder: (_req, context) => ({
            statusCode: context.statusCode,
            code: "TOO_MANY_REQUESTS",
            message: GENERATOR_MESSAGES.testRateLimited,
          }),
        },
      },
      schema: {
        tags: ["generator"],
        summary: "Email the template to the caller's own address (rate-limited)",
        params: idParams,
        response: { 200: ok },
      },
    },
    async (req) => {
      const message = await templatesService.sendTest(ctx, currentUser(req), req.params.id);
      return { success: true as const, message };
    },
  );

  // ---------- Gemini API keys (admin spec §7) ----------

  app.get(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "List API keys (masked) with usage",
        response: { 200: ZGeminiKeyListResponseSchema },
      },
    },
    async () => ({ success: true as const, message: "OK", data: (await keysService.list(ctx.db)).map(toKeyDto) }),
  );

  app.post(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Add an API key",
        body: ZCreateGeminiKeySchema,
        response: { 201: ZGeminiKeyResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await keysService.create(ctx.db, req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: GEMINI_KEY_MESSAGES.added, data: toKeyDto(row) });
    },
  );

  app.put(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Edit an API key (a blank key keeps the stored one)",
        params: idParams,
        body: ZUpdateGeminiKeySchema,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.update(ctx.db, req.params.id, req.body);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.updated, data: toKeyDto(row) };
    },
  );

  app.delete(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: { tags: ["gemini-keys"], summary: "Delete an API key", params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await keysService.remove(ctx.db, req.params.id);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.deleted };
    },
  );

  app.patch(
    "/api/gemini-keys/:id/toggle",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Activate or deactivate an API key",
        params: idParams,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.toggle(ctx.db, req.params.id);
      return {
        success: true as const,
        message: row.isActive ? GEMINI_KEY_MESSAGES.activated : GEMINI_KEY_MESSAGES.deactivated,
        data: toKeyDto(row),
      };
    },
  );
}
