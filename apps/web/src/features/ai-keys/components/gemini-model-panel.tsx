import { GEMINI_HEALTH_MESSAGES, type TGeminiModels } from "@mailsmith/shared";
import { useId } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useGeminiKeyMutations } from "../api/gemini-keys";

const when = (iso: string) => formatDate(iso, { time: true });

/**
 * The model generations use (decision 094): automatic by default (the newest stable Flash the keys list), or one the
 * admin picks; GEMINI_MODEL overrides both. Notices about models Google retired, and the shared-quota note (095).
 */
export function GeminiModelPanel({ data, allInvalid }: { data: TGeminiModels | undefined; allInvalid: boolean }) {
  const m = useGeminiKeyMutations();
  const selectId = useId();
  const usable = data?.models.filter((x) => x.usable) ?? [];
  // Decision 119: OpenAI-compatible keys answer with their own model; with no Gemini model listed, the Gemini choice,
  // its ranking hint and Google's quota note are left out.
  const openAi = data?.openAi ?? [];
  const geminiOnlyParts = !data || data.models.length > 0 || openAi.length === 0;

  const choose = (value: string) =>
    m.choose.mutate(
      { model: value === "" ? null : value },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => toast.error(errorMessage(err, GEMINI_HEALTH_MESSAGES.modelSaveFailed)),
      },
    );
  const refresh = () =>
    m.refresh.mutate(undefined, {
      onSuccess: (r) => toast.success(r.message),
      onError: (err) => toast.error(errorMessage(err, GEMINI_HEALTH_MESSAGES.modelsFetchFailed)),
    });

  return (
    <section aria-labelledby={`${selectId}-title`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${selectId}-title`} className="text-sm font-semibold text-slate-900">
          {GEMINI_HEALTH_MESSAGES.modelTitle}
        </h3>
        {data?.inUse && <Badge color="green">{GEMINI_HEALTH_MESSAGES.modelInUse(data.inUse)}</Badge>}
      </div>
      {openAi.length > 0 && (
        <div className="text-sm text-slate-700">
          <p className="font-medium">{GEMINI_HEALTH_MESSAGES.openAiTitle}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {openAi.map((k) => (
              <li key={k.keyId} className="break-words">
                {GEMINI_HEALTH_MESSAGES.openAiModel(k.name, k.model)}
                {k.listed === false && k.chosen && (
                  <span className="text-amber-800"> ({GEMINI_HEALTH_MESSAGES.openAiNotListed(k.chosen)})</span>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-600">{GEMINI_HEALTH_MESSAGES.openAiHint}</p>
        </div>
      )}
      {!geminiOnlyParts ? null : data && data.models.length === 0 ? (
        <p className="text-sm text-slate-600">{GEMINI_HEALTH_MESSAGES.modelNoneYet}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {GEMINI_HEALTH_MESSAGES.modelLabel}
            </label>
            <select
              id={selectId}
              className={inputClasses()}
              value={data?.chosen ?? ""}
              disabled={!data || m.choose.isPending}
              onChange={(e) => choose(e.target.value)}
              aria-describedby={`${selectId}-hint`}
            >
              <option value="">{GEMINI_HEALTH_MESSAGES.modelAutomatic(data?.automatic ?? null)}</option>
              {data?.chosen && !usable.some((x) => x.id === data.chosen) && (
                <option value={data.chosen}>{GEMINI_HEALTH_MESSAGES.modelChosenNotListed(data.chosen)}</option>
              )}
              {usable.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.displayName === x.id ? x.id : `${x.displayName} (${x.id})`}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={refresh} loading={m.refresh.isPending}>
            {GEMINI_HEALTH_MESSAGES.refreshModels}
          </Button>
        </div>
      )}
      {geminiOnlyParts && (
        <p id={`${selectId}-hint`} className="text-xs text-slate-600">
          {data?.env ? GEMINI_HEALTH_MESSAGES.modelFromEnv(data.env) : GEMINI_HEALTH_MESSAGES.modelAutomaticHint}
        </p>
      )}
      {data && data.notices.length > 0 && (
        <Alert tone="warning" title={GEMINI_HEALTH_MESSAGES.noticesTitle}>
          <ul className="list-disc space-y-1 pl-5">
            {data.notices.slice(0, 3).map((n) => (
              <li key={`${n.model}-${n.at}`}>
                {n.message} <span className="text-xs">({when(n.at)})</span>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {allInvalid && <Alert tone="warning">{GEMINI_HEALTH_MESSAGES.allInvalidNote}</Alert>}
      {geminiOnlyParts && <Alert tone="info">{GEMINI_HEALTH_MESSAGES.quotaNote}</Alert>}
    </section>
  );
}
