import { SCORE_THRESHOLD_LIMITS, SCORE_THRESHOLD_TEXTS as T, ZScoreThresholdSettingsSchema } from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SettingSection } from "@/components/ui/panel";
import { errorMessage } from "@/lib/api-client";
import { useSaveScoreThreshold, useScoreThreshold } from "../../api/score-threshold";

/**
 * Settings → AI keys: the score threshold (decision 136) — below it a generation gets the repair pass and is not
 * announced as a success. Checked by the shared schema before it is sent; the server checks again and audits it.
 */
export function ScoreThresholdPanel() {
  const current = useScoreThreshold();
  const save = useSaveScoreThreshold();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (current.data) setValue(String(current.data.threshold));
  }, [current.data]);

  const submit = () => {
    const parsed = ZScoreThresholdSettingsSchema.safeParse({ threshold: value.trim() ? Number(value) : Number.NaN });
    setError(parsed.success ? undefined : (parsed.error.issues[0]?.message ?? T.invalid));
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (r) => toast.success(r.message ?? T.saved),
      onError: (err) => toast.error(errorMessage(err, T.saveFailed)),
    });
  };

  return (
    <SettingSection title={T.title} intro={T.intro} loadFailed={current.isError && T.loadFailed}>
      <form
        // The shared schema says why a number is refused; the browser's own bubble would pre-empt it.
        noValidate
        aria-label={T.title}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={T.label}
          type="number"
          inputMode="numeric"
          min={SCORE_THRESHOLD_LIMITS.min}
          max={SCORE_THRESHOLD_LIMITS.max}
          step={1}
          value={value}
          disabled={!current.data || save.isPending}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          hint={T.hint}
          className="sm:w-56"
        />
        <Button type="submit" className="sm:mt-7" loading={save.isPending} disabled={!current.data}>
          {T.save}
        </Button>
      </form>
    </SettingSection>
  );
}
