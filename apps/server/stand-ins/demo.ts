import type { FastifyInstance } from "fastify";
import { PaypalStandInState, paypalStandInPlugin, STANDIN_PREFIX } from "./paypal.js";

/**
 * What the offline demo mounts on the server outside production (composition/stand-ins.ts loads this module; the
 * production build and image have no copy of it, decision 129): PayPal's API and its buyer approval page under
 * /paypal-standin, so checkout works with no PayPal account (decision 042). The Gemini and OpenAI-compatible
 * stand-ins run on their own ports (`npm run gemini:stand-in -w @mailsmith/server`).
 */
export async function mountDemoStandIns(
  app: FastifyInstance,
  opts: { publicUrl: string; webhookUrl: string },
): Promise<void> {
  const state = new PaypalStandInState({
    publicBaseUrl: `${opts.publicUrl}${STANDIN_PREFIX}`,
    // A refund the merchant makes through the API (or the automatic refund of a cancelled order's capture) is told
    // to this server, as PayPal tells it. Payment events are not: the demo's payment page captures, and a webhook
    // capturing at the same moment would race it.
    webhookUrl: opts.webhookUrl,
    webhookEvents: ["PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED"],
  });
  await app.register(paypalStandInPlugin(state), { prefix: STANDIN_PREFIX });
}
