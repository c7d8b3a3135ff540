import {
  LOCAL_READER_LIMITS,
  LOCAL_READER_MODES,
  LOCAL_READER_TEXTS,
  type LocalReaderMode,
  ZLocalReaderSettingsSchema,
} from "@mailsmith/shared";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SettingSection } from "@/components/ui/panel";
import { errorMessage } from "@/lib/api-client";
import { useLocalReaderSettings, useSaveLocalReaderSettings } from "../api/local-reader";

/**
 * Settings → AI keys: the local reader (decision 122) — what a generation it writes costs (0 or more credits) and
 * whether it writes only when no AI key works (the default) or every new generation. Validated by the shared schema
 * before it is sent; the server validates again and audits the change.
 */
export function LocalReaderPanel() {
  const settings = useLocalReaderSettings();
  const save = useSaveLocalReaderSettings();
  const id = useId();
  const [credits, setCredits] = useState("");
  const [mode, setMode] = useState<LocalReaderMode>("fallback");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!settings.data) return;
    setCredits(String(settings.data.credits));
    setMode(settings.data.mode);
  }, [settings.data]);

  const submit = () => {
    const parsed = ZLocalReaderSettingsSchema.safeParse({
      credits: credits.trim() === "" ? Number.NaN : Number(credits),
      mode,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LOCAL_READER_TEXTS.creditsInvalid);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (r) => toast.success(r.message ?? LOCAL_READER_TEXTS.saved),
      onError: (err) => toast.error(errorMessage(err, LOCAL_READER_TEXTS.saveFailed)),
    });
  };

  return (
    <SettingSection
      title={LOCAL_READER_TEXTS.title}
      intro={LOCAL_READER_TEXTS.intro}
      loadFailed={settings.isError && LOCAL_READER_TEXTS.loadFailed}
    >
      <form
        className="space-y-3"
        // The shared schema checks the price and says why in the field; the browser's own bubble would pre-empt it.
        noValidate
        aria-label={LOCAL_READER_TEXTS.title}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">{LOCAL_READER_TEXTS.modeLabel}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {LOCAL_READER_MODES.map((m) => (
              <label
                key={m}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-brand-500 ${
                  mode === m ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-700"
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={m}
                  checked={mode === m}
                  disabled={!settings.data || save.isPending}
                  onChange={() => setMode(m)}
                  className="accent-brand-600"
                />
                {LOCAL_READER_TEXTS.modes[m]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={LOCAL_READER_TEXTS.creditsLabel}
            type="number"
            inputMode="numeric"
            min={0}
            max={LOCAL_READER_LIMITS.maxCredits}
            step={1}
            value={credits}
            disabled={!settings.data || save.isPending}
            onChange={(e) => setCredits(e.target.value)}
            error={error}
            hint={LOCAL_READER_TEXTS.creditsHint}
            className="sm:w-56"
          />
          <Button type="submit" className="sm:mt-7" loading={save.isPending} disabled={!settings.data}>
            {LOCAL_READER_TEXTS.save}
          </Button>
        </div>
      </form>
    </SettingSection>
  );
}
