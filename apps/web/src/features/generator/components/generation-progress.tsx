import { GENERATION_STAGE_LABELS, GENERATION_STAGES, GENERATOR_UI, type GenerationStage } from "@mailsmith/shared";
import { Button } from "@/components/ui/button";
import { useReveal } from "@/lib/use-reveal";
import type { JobRun } from "../hooks/use-generation-jobs";

/** Stages of one running generation with a progress bar and Cancel. */
export function GenerationProgress({
  run,
  title,
  onCancel,
  cancelling,
}: {
  run: JobRun;
  title?: string;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { job } = run;
  const current = GENERATION_STAGES.indexOf(job.stage as GenerationStage);
  const label = job.status === "queued" ? GENERATOR_UI.queued : GENERATION_STAGE_LABELS[job.stage];
  // On a phone the form fills the screen: the progress comes into view when the generation starts.
  const ref = useReveal<HTMLElement>();
  return (
    <section
      ref={ref}
      aria-label={title ? `${GENERATOR_UI.progressLabel}: ${title}` : GENERATOR_UI.progressLabel}
      className="rounded-xl border border-brand-100 bg-brand-50/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="generation-stage">
          {title ? `${title}: ` : ""}
          {label}…
        </p>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={onCancel}
          loading={cancelling}
          disabled={!job.canCancel || cancelling}
        >
          {cancelling ? GENERATOR_UI.cancelling : GENERATOR_UI.cancel}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={GENERATOR_UI.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
        aria-valuetext={`${label}, ${job.progress}%`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${job.progress}%` }}
        />
      </div>
      <ol className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={GENERATOR_UI.stages}>
        {GENERATION_STAGES.map((stage, i) => {
          const state = job.status === "queued" || i > current ? "todo" : i === current ? "now" : "done";
          return (
            <li
              key={stage}
              aria-current={state === "now" ? "step" : undefined}
              className={
                state === "done"
                  ? "text-green-700"
                  : state === "now"
                    ? "font-semibold text-brand-700"
                    : "text-slate-400"
              }
            >
              {state === "done" ? "✓ " : state === "now" ? "● " : "○ "}
              {GENERATION_STAGE_LABELS[stage]}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** While the design images travel to the server (before the job exists): the real share of bytes sent. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <section aria-label={GENERATOR_UI.progressLabel} className="rounded-xl border border-brand-100 bg-brand-50/40 p-4">
      <p className="text-sm font-semibold text-slate-900" aria-live="polite">
        {GENERATION_STAGE_LABELS.uploading}… {percent}%
      </p>
      <div
        role="progressbar"
        aria-label={GENERATOR_UI.uploadProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
