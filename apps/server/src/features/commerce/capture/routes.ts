import {
  PAYPAL_SETTINGS_MESSAGES,
  ZCapturePaypalOrderSchema,
  ZCaptureResultSchema,
  ZCreatePaypalOrderResponseSchema,
  ZCreatePaypalOrderSchema,
  ZPaypalSettingsInputSchema,
  ZPaypalSettingsSchema,
  ZPublicPaypalSettingsSchema,
  ZVerifyOrderResultSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../../core/audit.js";
import { currentUser } from "../../../plugins/access.js";
import { perMemberLimit } from "../per-member-limit.js";
import { capturePaypalOrder, createPaypalOrder, verifyOrder } from "./service.js";
import { loadSettings, resetSettings, saveSettings, toAdminSettings, toPublicSettings } from "./settings.js";
import { HANDLED_EVENTS, handleWebhook, type WebhookHeaders } from "./webhook.js";

/** Capture: payment settings, the PayPal create / capture / verify calls and the webhook. */
export async function captureRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  const adminSettings = z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: ZPaypalSettingsSchema,
  });

  app.get(
    "/api/paypal-settings",
    {
      config: { access: "public" },
      schema: {
        tags: ["payments"],
        summary: "What the browser needs to render the PayPal buttons (no secret, no mode)",
        response: { 200: z.object({ success: z.literal(true), data: ZPublicPaypalSettingsSchema }) },
      },
    },
    async () => ({ success: true as const, data: toPublicSettings(ctx, await loadSettings(ctx)) }),
  );

  app.get(
    "/api/paypal-settings/admin",
    {
      config: { access: "admin" },
      schema: {
        tags: ["payments"],
        summary: "Payment settings for the admin screen (the secret is write-only)",
        response: { 200: adminSettings },
      },
    },
    async () => ({ success: true as const, data: toAdminSettings(ctx, await loadSettings(ctx)) }),
  );

  app.put(
    "/api/paypal-settings",
    {
      config: { access: "admin" },
      schema: {
        tags: ["payments"],
        summary: "Save payment settings (a blank clientSecret keeps the stored one)",
        body: ZPaypalSettingsInputSchema,
        response: { 200: adminSettings },
      },
    },
    async (req) => ({
      success: true as const,
      message: PAYPAL_SETTINGS_MESSAGES.updated,
      data: toAdminSettings(ctx, await saveSettings(ctx, adminActor(req), req.body)),
    }),
  );

  app.post(
    "/api/paypal-settings/reset",
    {
      config: { access: "admin" },
      schema: {
        tags: ["payments"],
        summary: "Reset payment settings to the defaults",
        response: { 200: adminSettings },
      },
    },
    async (req) => ({
      success: true as const,
      message: PAYPAL_SETTINGS_MESSAGES.reset,
      data: toAdminSettings(ctx, await resetSettings(ctx, adminActor(req))),
    }),
  );

  app.post(
    "/api/paypal/create-order",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["payments"],
        summary: "Create the PayPal order for one of the caller's pending orders (amounts from our order)",
        body: ZCreatePaypalOrderSchema,
        response: { 200: ZCreatePaypalOrderResponseSchema },
      },
    },
    async (req) => ({ success: true as const, ...(await createPaypalOrder(ctx, currentUser(req), req.body)) }),
  );

  app.post(
    "/api/paypal/capture-order",
    {
      config: { access: "owner" },
      schema: {
        tags: ["payments"],
        summary: "Capture an approved PayPal order, check it against ours, record it and grant credits once",
        body: ZCapturePaypalOrderSchema,
        response: { 200: ZCaptureResultSchema },
      },
    },
    async (req) => capturePaypalOrder(ctx, currentUser(req), req.body),
  );

  app.get(
    "/api/verify-order/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["payments"],
        summary: "Re-check a package or item order with PayPal (records a capture PayPal already completed)",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: ZVerifyOrderResultSchema },
      },
    },
    async (req) => verifyOrder(ctx, currentUser(req), req.params.id),
  );

  // The webhook reads its body as the exact bytes PayPal sent, after the same JSON guards as every
  // route (depth, validity: request-guards.ts).
  app.post(
    "/api/paypal/webhook",
    {
      config: { access: "public", rawJsonBody: true, rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["payments"],
        summary: `PayPal webhook (${HANDLED_EVENTS.join(", ")}); the signature is verified with PayPal on the raw body`,
        response: { 200: z.object({ success: z.literal(true), outcome: z.string() }) },
      },
    },
    async (req) => {
      const result = await handleWebhook(ctx, req.headers as WebhookHeaders, String(req.body ?? ""));
      return { success: true as const, outcome: result.outcome };
    },
  );
}
