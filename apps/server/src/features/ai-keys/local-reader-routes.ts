import { LOCAL_READER_TEXTS, ZLocalReaderSettingsResponseSchema, ZLocalReaderSettingsSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActor } from "../../core/audit.js";
import { localReaderSettings } from "./local-reader-settings.js";

/**
 * The administrators' local reader settings (decision 122), on Settings → AI keys: what a generation the local reader
 * writes costs, and whether it writes only when no AI key works or every new generation. Changes are audited.
 */
export async function localReaderRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/local-reader",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "The local reader's price in credits and when members use it",
        response: { 200: ZLocalReaderSettingsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await localReaderSettings.read(ctx.db) }),
  );

  app.put(
    "/api/local-reader",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Set the local reader's price (0 or more credits) and whether it writes only when no AI key works",
        body: ZLocalReaderSettingsSchema,
        response: { 200: ZLocalReaderSettingsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: LOCAL_READER_TEXTS.saved,
      data: await localReaderSettings.save(ctx.db, adminActor(req), req.body),
    }),
  );
}
