import {
  PAYPAL_DEFAULTS,
  type TButtonStyles,
  type TPaypalSettings,
  type TPaypalSettingsInput,
  type TPublicPaypalSettings,
  ZButtonStylesSchema,
} from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
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

export function saveSettings(ctx: AppContext, input: TPaypalSettingsInput): Promise<SettingsRow> {
  return updateSettingsRow(ctx.db, {
    clientId: input.clientId,
    // Write-only: blank keeps what is stored; clearing the client id clears the secret too.
    ...(input.clientSecret ? { clientSecret: input.clientSecret } : input.clientId ? {} : { clientSecret: "" }),
    mode: input.mode,
    currency: input.currency,
    enablePayPal: input.enablePayPal,
    buttonStyles: input.buttonStyles,
  });
}

export function resetSettings(ctx: AppContext): Promise<SettingsRow> {
  return updateSettingsRow(ctx.db, {
    clientId: PAYPAL_DEFAULTS.clientId,
    clientSecret: "",
    mode: PAYPAL_DEFAULTS.mode,
    currency: PAYPAL_DEFAULTS.currency,
    enablePayPal: PAYPAL_DEFAULTS.enablePayPal,
    buttonStyles: { ...PAYPAL_DEFAULTS.buttonStyles },
  });
}
