import {
  SCORE_THRESHOLD_TEXTS,
  ZScoreThresholdSettingsResponseSchema,
  ZScoreThresholdSettingsSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActor } from "../../../core/audit.js";
import { scoreThreshold } from "./score-threshold.js";

/**
 * The administrators' score threshold (decision 136), on Settings → AI keys: below it a generation gets the repair
 * pass, and a result still below it is not announced as a success. Changes are audited.
 */
export async function scoreThresholdRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/score-threshold",
    {
      config: { access: "admin" },
      schema: {
        tags: ["generator"],
        summary: "The score (0–100) below which a generation is repaired and not announced as a success",
        response: { 200: ZScoreThresholdSettingsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await scoreThreshold.read(ctx.db) }),
  );

  app.put(
    "/api/score-threshold",
    {
      config: { access: "admin" },
      schema: {
        tags: ["generator"],
        summary: "Set the score threshold (a whole number from 0 to 100); jobs that start afterwards use it",
        body: ZScoreThresholdSettingsSchema,
        response: { 200: ZScoreThresholdSettingsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: SCORE_THRESHOLD_TEXTS.saved,
      data: await scoreThreshold.save(ctx.db, adminActor(req), req.body),
    }),
  );
}
