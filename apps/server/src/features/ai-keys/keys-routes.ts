import {
  GEMINI_HEALTH_MESSAGES,
  GEMINI_KEY_MESSAGES,
  GENERATOR_SERVER_MESSAGES,
  ZChooseGeminiModelSchema,
  ZCreateGeminiKeySchema,
  ZGeminiKeyDetailListResponseSchema,
  ZGeminiKeyDetailResponseSchema,
  ZGeminiKeyTestResponseSchema,
  ZGeminiModelsResponseSchema,
  ZGeminiModelsSavedResponseSchema,
  ZUpdateGeminiKeySchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModelClients } from "../../adapters/model/model-client.js";
import { adminActor } from "../../core/audit.js";
import { type CheckResult, refreshStale } from "./discovery.js";
import { toKeyDetail } from "./repo.js";
import { keysService } from "./service.js";

const idParams = z.object({ id: z.string().uuid() });
const okResponse = z.object({ success: z.literal(true), message: z.string() });

/** Routes that take no input still refuse a body they do not expect (hostile-input suite). */
const ZEmptyBodySchema = z.strictObject({}).optional();

/** Who answered the check: Google, or an OpenAI-compatible key's server. */
const who = (row: { provider: string }) => (row.provider === "openai" ? GEMINI_HEALTH_MESSAGES.openAiServer : "Google");

const addedMessage = (r: CheckResult, by = "Google") =>
  r.ok
    ? GEMINI_HEALTH_MESSAGES.addedAndTested(r.models, by)
    : r.invalid
      ? GEMINI_HEALTH_MESSAGES.addedButInvalid(r.reason, by)
      : GEMINI_HEALTH_MESSAGES.addedButUnchecked(r.reason);

const updatedMessage = (r: CheckResult, by: string) =>
  r.ok
    ? GEMINI_HEALTH_MESSAGES.updatedAndTested(r.models, by)
    : r.invalid
      ? GEMINI_HEALTH_MESSAGES.updatedButInvalid(r.reason, by)
      : GEMINI_HEALTH_MESSAGES.updatedButUnchecked(r.reason);

const testedMessage = (r: CheckResult, by = "Google") =>
  r.ok
    ? GEMINI_HEALTH_MESSAGES.testOk(r.models, by)
    : r.invalid
      ? GEMINI_HEALTH_MESSAGES.testInvalid(r.reason, by)
      : GEMINI_HEALTH_MESSAGES.testFailed(r.reason);

/**
 * The administrators' Gemini key pool (admin spec §7); keys leave the server masked only. Adding a key tests it
 * (models.list), "Test key" does again; the models the keys list and the model in use.
 */
export async function keysRoutes(appBase: FastifyInstance, { clients }: { clients: ModelClients }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "List API keys (masked) with usage, health and the models each can use",
        response: { 200: ZGeminiKeyDetailListResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      message: GENERATOR_SERVER_MESSAGES.keysListed,
      data: (await keysService.list(ctx.db)).map(toKeyDetail),
    }),
  );

  app.post(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Add an API key and test it (models.list): the answer says whether Google accepts it",
        body: ZCreateGeminiKeySchema,
        response: { 201: ZGeminiKeyDetailResponseSchema },
      },
    },
    async (req, reply) => {
      const { row, result } = await keysService.create(ctx, adminActor(req), clients, req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: addedMessage(result, who(row)), data: toKeyDetail(row) });
    },
  );

  app.post(
    "/api/gemini-keys/:id/test",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Test an API key now (models.list): lists its models, or marks it invalid when Google refuses it",
        params: idParams,
        response: { 200: ZGeminiKeyTestResponseSchema },
      },
    },
    async (req) => {
      const { row, result } = await keysService.test(ctx, clients, req.params.id);
      return {
        success: true as const,
        ok: result.ok,
        message: testedMessage(result, who(row)),
        data: toKeyDetail(row),
      };
    },
  );

  app.get(
    "/api/gemini-models",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "The models the active keys can use, the model in use and why, and notices about skipped models",
        response: { 200: ZGeminiModelsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await keysService.models(ctx) }),
  );

  app.post(
    "/api/gemini-models/refresh",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "List the models of every active key again now",
        body: ZEmptyBodySchema,
        response: { 200: ZGeminiModelsSavedResponseSchema },
      },
    },
    async () => {
      await refreshStale(ctx, clients, 0);
      return {
        success: true as const,
        message: GEMINI_HEALTH_MESSAGES.modelsRefreshed,
        data: await keysService.models(ctx),
      };
    },
  );

  app.put(
    "/api/gemini-models/choice",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Choose the model for generations (null: automatic); it must be listed for an active key",
        body: ZChooseGeminiModelSchema,
        response: { 200: ZGeminiModelsSavedResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: GEMINI_HEALTH_MESSAGES.modelSaved,
      data: await keysService.choose(ctx, adminActor(req), req.body.model),
    }),
  );

  app.put(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary:
          "Edit an API key (a blank key keeps the stored one); a new key, provider, base URL or model is tested again",
        params: idParams,
        body: ZUpdateGeminiKeySchema,
        response: { 200: ZGeminiKeyDetailResponseSchema },
      },
    },
    async (req) => {
      const { row, result } = await keysService.update(ctx, adminActor(req), clients, req.params.id, req.body);
      const message = result ? updatedMessage(result, who(row)) : GEMINI_KEY_MESSAGES.updated;
      return { success: true as const, message, data: toKeyDetail(row) };
    },
  );

  app.delete(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Delete an API key",
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await keysService.remove(ctx.db, adminActor(req), req.params.id);
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
        response: { 200: ZGeminiKeyDetailResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.toggle(ctx.db, adminActor(req), req.params.id);
      return {
        success: true as const,
        message: row.isActive ? GEMINI_KEY_MESSAGES.activated : GEMINI_KEY_MESSAGES.deactivated,
        data: toKeyDetail(row),
      };
    },
  );
}
