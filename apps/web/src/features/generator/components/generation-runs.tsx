import { GENERATION_FIDELITY_MESSAGES, GENERATION_JOB_MESSAGES, GENERATOR_UI } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { JobRun, useGenerationJobs } from "../hooks/use-generation-jobs";
import { BelowThresholdNotice } from "./below-threshold-notice";
import { EmailPreview } from "./email-preview";
import { GenerationProgress, UploadProgress } from "./generation-progress";
import { GenerationResult } from "./generation-result";
import { VariantResults } from "./variant-results";

/** The failure text of a job with "You were not charged." when its credit came back. */
function failureText(run: JobRun) {
  const message = run.ended?.message ?? "";
  if (!run.ended?.refunded || message.includes(GENERATION_JOB_MESSAGES.notCharged)) return message;
  return `${message} ${GENERATION_JOB_MESSAGES.notCharged}`;
}

/** Cancel and Retry of one job at a time, with the job in progress for the buttons' spinners. */
function useJobAction(act: (jobId: string) => Promise<void>, fallback: string) {
  const [pending, setPending] = useState<string | null>(null);
  const run = async (jobId: string) => {
    setPending(jobId);
    try {
      await act(jobId);
    } catch (err) {
      toast.error(errorMessage(err, fallback));
    } finally {
      setPending(null);
    }
  };
  return { pending, run };
}

/**
 * The Generator's right-hand side: upload progress, each running job's stages (with Cancel), failed or cancelled jobs
 * (with Retry), then the result — one email, two variants side by side, or the live preview while it is written.
 */
export function GenerationRuns({
  gen,
  uploaded,
  designSrc,
}: {
  gen: ReturnType<typeof useGenerationJobs>;
  /** Share of the upload sent, while the request that creates the job is under way. */
  uploaded: number | null;
  designSrc: string | null;
}) {
  const cancel = useJobAction(gen.cancel, GENERATION_JOB_MESSAGES.cancelNotRunning);
  const retry = useJobAction(gen.retry, GENERATION_JOB_MESSAGES.retryNotAllowed);
  const retryFree = useJobAction(gen.retryFree, GENERATION_FIDELITY_MESSAGES.retryFreeNotAllowed);
  const runs = gen.runs;
  const active = runs.filter((r) => !r.template && !r.ended);
  const failed = runs.filter((r) => r.ended);
  const single = runs.length === 1 ? runs[0] : undefined;
  const variantTitle = (r: JobRun) => (runs.length > 1 ? GENERATOR_UI.variantTitle(r.job.variantIndex + 1) : undefined);
  return (
    <div className="min-w-0 space-y-6">
      {gen.starting && uploaded !== null && <UploadProgress fraction={uploaded} />}
      {active.map((r) => (
        <GenerationProgress
          key={r.jobId}
          run={r}
          title={variantTitle(r)}
          onCancel={() => void cancel.run(r.jobId)}
          cancelling={cancel.pending === r.jobId}
        />
      ))}
      {failed.map((r) => (
        // Cancelling is the member's own choice, not an error.
        <Alert key={r.jobId} title={variantTitle(r)} tone={r.ended?.kind === "cancelled" ? "info" : undefined}>
          <p>{failureText(r)}</p>
          {r.job.canRetry && (
            <Button
              variant="secondary"
              className="mt-2 px-3 py-1.5"
              loading={retry.pending === r.jobId}
              onClick={() => void retry.run(r.jobId)}
            >
              {GENERATOR_UI.retry}
            </Button>
          )}
        </Alert>
      ))}
      {runs.map(
        (r) =>
          r.template &&
          r.job.fidelity?.belowThreshold && (
            <BelowThresholdNotice
              key={`below-${r.jobId}`}
              fidelity={r.job.fidelity}
              canRetryFree={Boolean(r.job.canRetryFree)}
              localReader={r.job.engine === "local-reader"}
              retrying={retryFree.pending === r.jobId}
              onRetryFree={() => void retryFree.run(r.jobId)}
            />
          ),
      )}
      {runs.length > 1 ? (
        <VariantResults runs={runs} />
      ) : single?.template ? (
        <GenerationResult template={single.template} designSrc={designSrc} />
      ) : (
        // A cancelled or failed run leaves no half-written email behind the message.
        <EmailPreview html={single && !single.ended ? single.preview : ""} busy={Boolean(single && active.length)} />
      )}
    </div>
  );
}
