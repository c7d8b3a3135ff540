import {
  COMMERCE_UI_TEXTS,
  PAYPAL_COLORS,
  PAYPAL_CURRENCIES,
  PAYPAL_LABELS,
  PAYPAL_LAYOUTS,
  PAYPAL_MODES,
  PAYPAL_SETTINGS_MESSAGES,
  PAYPAL_SHAPES,
  type TPaypalSettings,
  type TPaypalSettingsInput,
} from "@mailsmith/shared";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses, TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { useAdminPaypalSettings, useResetPaypalSettings, useSavePaypalSettings } from "../api/paypal-settings";

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={inputClasses()} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

function toInput(s: TPaypalSettings): TPaypalSettingsInput {
  return {
    clientId: s.clientId,
    clientSecret: "",
    mode: s.mode,
    currency: s.currency,
    enablePayPal: s.enablePayPal,
    buttonStyles: { ...s.buttonStyles },
  };
}

/** Admin "PayPal Integration Settings" (the client secret is write-only). */
export function PaypalSettingsPanel() {
  const settings = useAdminPaypalSettings();
  const save = useSavePaypalSettings();
  const reset = useResetPaypalSettings();
  const [form, setForm] = useState<TPaypalSettingsInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setForm(toInput(settings.data));
  }, [settings.data]);

  if (settings.isPending || (!form && !settings.isError)) {
    return (
      <div className="flex justify-center p-10 text-brand-600">
        <Spinner />
      </div>
    );
  }
  if (settings.isError || !form) {
    return (
      <Alert>
        {settings.error instanceof ApiError
          ? PAYPAL_SETTINGS_MESSAGES.fetchFailed
          : PAYPAL_SETTINGS_MESSAGES.fetchError}
      </Alert>
    );
  }
  const set = (patch: Partial<TPaypalSettingsInput>) => setForm({ ...form, ...patch });
  const setStyle = (patch: Partial<TPaypalSettingsInput["buttonStyles"]>) =>
    setForm({ ...form, buttonStyles: { ...form.buttonStyles, ...patch } });

  return (
    <form
      className="space-y-6"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          const res = await save.mutateAsync({ ...form, clientSecret: form.clientSecret || undefined });
          toast.success(res.message || PAYPAL_SETTINGS_MESSAGES.updated);
        } catch (err) {
          const text =
            err instanceof ApiError ? PAYPAL_SETTINGS_MESSAGES.updateFailed : PAYPAL_SETTINGS_MESSAGES.updateError;
          setError(err instanceof ApiError && err.status === 400 ? `${text}: ${err.message}` : text);
          toast.error(text);
        }
      }}
    >
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{PAYPAL_SETTINGS_MESSAGES.title}</h2>
        <p className="text-sm text-slate-600">{COMMERCE_UI_TEXTS.paypalSettingsPanel.credentialsComeFromYourPaypal}</p>
      </div>
      {settings.data?.testMode && (
        <Alert tone="warning" title={COMMERCE_UI_TEXTS.paypalSettingsPanel.offlineTestMode}>
          {COMMERCE_UI_TEXTS.paypalSettingsPanel.testModeNote}
        </Alert>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={COMMERCE_UI_TEXTS.paypalSettingsPanel.clientId}
          value={form.clientId}
          onChange={(e) => set({ clientId: e.target.value })}
          autoComplete="off"
        />
        <TextField
          label={COMMERCE_UI_TEXTS.paypalSettingsPanel.clientSecret}
          type="password"
          autoComplete="new-password"
          value={form.clientSecret ?? ""}
          placeholder={settings.data?.hasClientSecret ? "••••••••" : ""}
          hint={
            settings.data?.hasClientSecret
              ? PAYPAL_SETTINGS_MESSAGES.secretKept
              : COMMERCE_UI_TEXTS.paypalSettingsPanel.storedOnTheServerNever
          }
          onChange={(e) => set({ clientSecret: e.target.value })}
        />
        <Select
          label={COMMERCE_UI_TEXTS.paypalSettingsPanel.mode}
          value={form.mode}
          options={PAYPAL_MODES}
          onChange={(mode) => set({ mode })}
        />
        <Select
          label={COMMERCE_UI_TEXTS.paypalSettingsPanel.currency}
          value={form.currency}
          options={PAYPAL_CURRENCIES}
          onChange={(currency) => set({ currency })}
        />
      </div>
      <Switch
        checked={form.enablePayPal}
        onChange={(enablePayPal) => set({ enablePayPal })}
        label={COMMERCE_UI_TEXTS.paypalSettingsPanel.enablePaypalPayments}
      />
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {COMMERCE_UI_TEXTS.paypalSettingsPanel.buttonStyles}
        </legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            label={COMMERCE_UI_TEXTS.paypalSettingsPanel.layout}
            value={form.buttonStyles.layout}
            options={PAYPAL_LAYOUTS}
            onChange={(layout) => setStyle({ layout })}
          />
          <Select
            label={COMMERCE_UI_TEXTS.paypalSettingsPanel.color}
            value={form.buttonStyles.color}
            options={PAYPAL_COLORS}
            onChange={(color) => setStyle({ color })}
          />
          <Select
            label={COMMERCE_UI_TEXTS.paypalSettingsPanel.shape}
            value={form.buttonStyles.shape}
            options={PAYPAL_SHAPES}
            onChange={(shape) => setStyle({ shape })}
          />
          <Select
            label={COMMERCE_UI_TEXTS.paypalSettingsPanel.label}
            value={form.buttonStyles.label}
            options={PAYPAL_LABELS}
            onChange={(label) => setStyle({ label })}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          loading={reset.isPending}
          onClick={async () => {
            if (!window.confirm(PAYPAL_SETTINGS_MESSAGES.resetConfirm)) return;
            try {
              const res = await reset.mutateAsync();
              toast.success(res.message || PAYPAL_SETTINGS_MESSAGES.reset);
            } catch (err) {
              toast.error(
                err instanceof ApiError ? PAYPAL_SETTINGS_MESSAGES.resetFailed : PAYPAL_SETTINGS_MESSAGES.resetError,
              );
            }
          }}
        >
          {COMMERCE_UI_TEXTS.paypalSettingsPanel.resetToDefault}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {COMMERCE_UI_TEXTS.paypalSettingsPanel.saveChanges}
        </Button>
      </div>
    </form>
  );
}
