import {
  COMMERCE_MESSAGES,
  PAYPAL_DEFAULTS,
  type TButtonStyles,
  type TPaypalSettings,
  type TPaypalSettingsInput,
  type TPublicPaypalSettings,
  ZButtonStylesSchema,
} from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { type AdminActor, recordAdminChange } from "../../../core/audit.js";
import type { DbOrTx } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import { loadSettingsRow, type SettingsRow, updateSettingsRow } from "./repo.js";

export type { SettingsRow };

/** The one settings row (created with defaults on first read). */
export function loadSettings(ctx: AppContext): Promise<SettingsRow> {
  return loadSettingsRow(ctx.db);
}

function styles(row: SettingsRow): TButtonStyles {
  const parsed = ZButtonStylesSchema.safeParse(row.buttonStyles);
  return parsed.success ? parsed.data : { ...PAYPAL_DEFAULTS.buttonStyles };
}

/** No stored credentials and not production: payments run against the offline stand-in. */
export function isTestMode(ctx: AppContext, row: SettingsRow): boolean {
  return ctx.env.NODE_ENV !== "production" && !(row.clientId && row.clientSecret);
}

export function toAdminSettings(ctx: AppContext, row: SettingsRow): TPaypalSettings {
  return {
    clientId: row.clientId,
    mode: row.mode,
    currency: row.currency,
    enablePayPal: row.enablePayPal,
    buttonStyles: styles(row),
    hasClientSecret: row.clientSecret !== "",
    testMode: isTestMode(ctx, row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicSettings(ctx: AppContext, row: SettingsRow): TPublicPaypalSettings {
  const testMode = isTestMode(ctx, row);
  return {
    clientId: testMode ? "" : row.clientId,
    currency: row.currency,
    enablePayPal: row.enablePayPal,
    buttonStyles: styles(row),
    testMode,
  };
}

/** What the audit log keeps of the settings: never the secret, only whether one is set and its last 4. */
function settingsAudit(row: SettingsRow) {
  return {
    clientId: row.clientId,
    clientSecretLast4: row.clientSecret ? `…${row.clientSecret.slice(-4)}` : "",
    mode: row.mode,
    currency: row.currency,
    enablePayPal: row.enablePayPal,
    buttonStyles: row.buttonStyles,
  };
}

/** Writes the settings and their audit entry in one transaction. */
function auditedUpdate(
  ctx: AppContext,
  actor: AdminActor,
  action: string,
  values: Parameters<typeof updateSettingsRow>[1],
): Promise<SettingsRow> {
  return ctx.db.transaction(async (tx: DbOrTx) => {
    const before = await loadSettingsRow(tx);
    const row = await updateSettingsRow(tx, values);
    await recordAdminChange(tx, actor, {
      action,
      targetType: "setting",
      targetId: "paypal",
      before: settingsAudit(before),
      after: settingsAudit(row),
    });
    return row;
  });
}

export async function saveSettings(
  ctx: AppContext,
  actor: AdminActor,
  input: TPaypalSettingsInput,
): Promise<SettingsRow> {
  // Live money without the webhook would miss refunds, reversals and approved orders whose browser closed (099).
  const liveCredentials =
    input.mode === "live" && input.clientId && (input.clientSecret || (await loadSettings(ctx)).clientSecret);
  if (ctx.env.NODE_ENV === "production" && liveCredentials && !ctx.env.PAYPAL_WEBHOOK_ID) {
    throw new AppError("PAYPAL_WEBHOOK_REQUIRED", COMMERCE_MESSAGES.liveNeedsWebhook, 400);
  }
  return auditedUpdate(ctx, actor, "paypal_settings.update", {
    clientId: input.clientId,
    // Write-only: blank keeps what is stored; clearing the client id clears the secret too.
    ...(input.clientSecret ? { clientSecret: input.clientSecret } : input.clientId ? {} : { clientSecret: "" }),
    mode: input.mode,
    currency: input.currency,
    enablePayPal: input.enablePayPal,
    buttonStyles: input.buttonStyles,
  });
}

export function resetSettings(ctx: AppContext, actor: AdminActor): Promise<SettingsRow> {
  return auditedUpdate(ctx, actor, "paypal_settings.reset", {
    clientId: PAYPAL_DEFAULTS.clientId,
    clientSecret: "",
    mode: PAYPAL_DEFAULTS.mode,
    currency: PAYPAL_DEFAULTS.currency,
    enablePayPal: PAYPAL_DEFAULTS.enablePayPal,
    buttonStyles: { ...PAYPAL_DEFAULTS.buttonStyles },
  });
}
