import { GENERATION_FIDELITY_MESSAGES as M, type TGenerationFidelity } from "@mailsmith/shared";
import { Button } from "@/components/ui/button";
import { SectionDifferences } from "./section-differences";

/**
 * A result that stayed below the threshold after the repair pass (decision 123): never a success message. It says
 * why — the score, the threshold, the sections that differ with their picture pairs — and offers the one free retry.
 */
export function BelowThresholdNotice({
  fidelity,
  canRetryFree,
  localReader,
  retrying,
  onRetryFree,
}: {
  fidelity: TGenerationFidelity;
  canRetryFree: boolean;
  /** Written by the local reader: a retry would be the same email, none is offered. */
  localReader: boolean;
  retrying: boolean;
  onRetryFree: () => void;
}) {
  return (
    <section aria-label={M.title} className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 className="text-base font-semibold text-amber-950">{M.title}</h2>
      <p className="mt-1 text-sm text-amber-950">
        {(localReader ? M.explainReader : M.explain)(fidelity.score, fidelity.threshold)}
      </p>
      {canRetryFree ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button className="px-3 py-1.5" loading={retrying} onClick={onRetryFree}>
            {M.retryFree}
          </Button>
          <p className="text-xs text-amber-950">{M.retryFreeHint}</p>
        </div>
      ) : (
        <p className="mt-3 text-xs text-amber-950">{localReader ? M.retryFreeNotOffered : M.retryFreeUsed}</p>
      )}
      <SectionDifferences sections={fidelity.sections} />
    </section>
  );
}
