import { APP_UI_TEXTS } from "@mailsmith/shared";
import { PaypalApiError, PaypalUnavailableError } from "../../../adapters/paypal/client.js";
import type { AppContext } from "../../../context.js";
import { errorLine, type ProbeResult, type StatusProbe } from "../../../core/status-probes.js";
import { paypalRuntime } from "./paypal-runtime.js";
import { isTestMode, loadSettings } from "./settings.js";
import { HANDLED_EVENTS } from "./webhook.js";

/** The tab as the Settings page names it (decision 127). */
const PAYPAL_TAB = `Admin → Settings → ${APP_UI_TEXTS.settingsTabs.paypal}`;

const WEBHOOK_PATH = "/api/paypal/webhook";

/**
 * System status: the saved credentials get a real OAuth token from PayPal, and the webhook of
 * PAYPAL_WEBHOOK_ID is looked up — its address and the events this product needs.
 */
export function paypalStatusProbe(ctx: AppContext): StatusProbe {
  return {
    id: "paypal",
    name: "PayPal",
    async run(): Promise<ProbeResult[]> {
      const settings = await loadSettings(ctx);
      const hasCredentials = Boolean(settings.clientId && settings.clientSecret);
      if (!hasCredentials) {
        const testMode = isTestMode(ctx, settings);
        return [
          {
            state: testMode ? "off" : "fail",
            summary: testMode
              ? "No PayPal credentials: payments use the built-in test stand-in (no real money moves)"
              : "No PayPal credentials: members cannot pay",
            fix: `Create an app at developer.paypal.com and save its client id and secret in ${PAYPAL_TAB} (docs/deploy.md).`,
          },
        ];
      }
      const { client } = await paypalRuntime(ctx, { requireEnabled: false });
      const mode = settings.mode === "live" ? "live" : "sandbox";
      const credentials = await check(async () => {
        await client.checkCredentials();
        const off = settings.enablePayPal ? "" : ` (payments are switched off in ${PAYPAL_TAB})`;
        return {
          state: settings.enablePayPal ? "ok" : "warn",
          summary: `PayPal ${mode} accepted the client id ${settings.clientId.slice(0, 8)}…${off}`,
        };
      });
      if (credentials.state === "fail") return [{ name: "PayPal credentials", ...credentials }];
      return [
        { name: "PayPal credentials", ...credentials },
        { name: "PayPal webhook", ...(await webhook()) },
      ];

      async function webhook(): Promise<ProbeResult> {
        const expected = `${ctx.env.publicUrl}${WEBHOOK_PATH}`;
        const subscribe = `add a webhook at ${expected} for ${HANDLED_EVENTS.join(", ")} in the PayPal app, and set its id as PAYPAL_WEBHOOK_ID`;
        const id = ctx.env.PAYPAL_WEBHOOK_ID;
        if (!id) {
          return {
            state: mode === "live" ? "fail" : "warn",
            summary:
              "PAYPAL_WEBHOOK_ID is not set: refunds, reversals, pending payments and approved orders whose browser closed are never heard of",
            fix: `In the PayPal app (${mode}), ${subscribe}.`,
          };
        }
        return check(
          async () => {
            const found = await client.getWebhook(id);
            const events = new Set(found.event_types.map((e) => e.name));
            const missing = events.has("*") ? [] : HANDLED_EVENTS.filter((e) => !events.has(e));
            if (found.url !== expected) {
              return {
                state: "warn",
                summary: `Webhook ${id} sends events to ${found.url}, not to this site's ${expected}`,
                fix: `Change the webhook's URL in the PayPal app to ${expected} (or fix BETTER_AUTH_URL).`,
              };
            }
            if (missing.length) {
              return {
                state: "warn",
                summary: `Webhook ${id} is not subscribed to ${missing.join(", ")}`,
                fix: `Tick those events for the webhook in the PayPal app (${mode}).`,
              };
            }
            return {
              state: "ok",
              summary: `Webhook ${id} sends the ${HANDLED_EVENTS.length} events this site needs to ${expected}`,
            };
          },
          `PayPal knows no webhook ${id} for this app (${mode})`,
          `In the PayPal app, ${subscribe}.`,
        );
      }
    },
  };
}

/** A PayPal call as a status line: refused credentials, an unknown webhook, or PayPal out of reach. */
async function check(
  run: () => Promise<ProbeResult>,
  notFound = "PayPal did not find what was asked",
  notFoundFix?: string,
): Promise<ProbeResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PaypalApiError && (err.status === 401 || err.status === 403)) {
      return {
        state: "fail",
        summary: `PayPal refused the saved client id and secret (${err.status})`,
        fix: `Copy the client id and secret of one PayPal app, for the mode chosen (sandbox or live), into ${PAYPAL_TAB}.`,
      };
    }
    if (err instanceof PaypalApiError && err.status === 404)
      return { state: "fail", summary: notFound, fix: notFoundFix };
    if (err instanceof PaypalUnavailableError) {
      return {
        state: "fail",
        summary: errorLine(err),
        fix: "Check that this machine can reach PayPal over HTTPS (PAYPAL_API_BASE, if set, must point at a PayPal-compatible API).",
      };
    }
    return { state: "fail", summary: `PayPal: ${errorLine(err)}` };
  }
}
