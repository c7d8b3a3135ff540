import { PAYMENT_MESSAGES } from "@mailsmith/shared";
import { PAYPAL_HOSTS, PaypalApiError, PaypalClient, PaypalUnavailableError } from "../../../adapters/paypal/client.js";
import {
  ownLoopbackOrigin,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  STANDIN_PREFIX,
} from "../../../adapters/paypal/offline-demo.js";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../lib/app-error.js";
import { isTestMode, loadSettings, type SettingsRow } from "./settings.js";

export interface PaypalRuntime {
  client: PaypalClient;
  settings: SettingsRow;
  testMode: boolean;
}

/** The offline stand-in mounted in this very server outside production (decisions 042, 129). */
function embeddedStandInBase(ctx: AppContext): string {
  return `${ownLoopbackOrigin(ctx.env)}${STANDIN_PREFIX}`;
}

/** The PayPal client for the current settings: real credentials, or the offline stand-in (never in production). */
export async function paypalRuntime(ctx: AppContext, opts: { requireEnabled?: boolean } = {}): Promise<PaypalRuntime> {
  const settings = await loadSettings(ctx);
  if (opts.requireEnabled !== false && !settings.enablePayPal) {
    throw new AppError("PAYMENTS_DISABLED", PAYMENT_MESSAGES.unavailableText, 503);
  }
  if (settings.clientId && settings.clientSecret) {
    const baseUrl = ctx.env.PAYPAL_API_BASE ?? PAYPAL_HOSTS[settings.mode];
    return {
      client: new PaypalClient({
        baseUrl,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        onCall: ctx.metrics.paypalCall,
      }),
      settings,
      testMode: false,
    };
  }
  if (isTestMode(ctx, settings)) {
    const baseUrl = ctx.env.PAYPAL_API_BASE ?? embeddedStandInBase(ctx);
    return {
      client: new PaypalClient({
        baseUrl,
        clientId: STANDIN_CLIENT_ID,
        clientSecret: STANDIN_CLIENT_SECRET,
        onCall: ctx.metrics.paypalCall,
      }),
      settings,
      testMode: true,
    };
  }
  throw new AppError("PAYMENT_SETUP_INCOMPLETE", PAYMENT_MESSAGES.setupIncomplete, 503);
}

/** A PayPal failure as the spec's message (502); our own refusals pass through. */
export function paypalFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof PaypalApiError) {
    throw new AppError("PAYPAL_ERROR", PAYMENT_MESSAGES.paypalError, 502, {
      paypalError: err.body.name ?? err.body.error,
      paypalIssue: err.issue,
    });
  }
  if (err instanceof PaypalUnavailableError)
    throw new AppError("PAYPAL_UNAVAILABLE", PAYMENT_MESSAGES.paypalErrorLong, 502);
  throw err;
}
