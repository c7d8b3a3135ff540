import { GENERATOR_MESSAGES, GENERATOR_UI } from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { FidelityScore } from "@/components/email/fidelity-score";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTemplate } from "../api/templates";
import type { JobRun } from "../hooks/use-generation-jobs";
import { EmailPreview } from "./email-preview";

/**
 * Two takes side by side. Both are saved when they finish; "Keep" one deletes the other, "Keep both" leaves both
 * in My Templates.
 */
export function VariantResults({ runs }: { runs: JobRun[] }) {
  const del = useDeleteTemplate();
  const [kept, setKept] = useState<"both" | string | null>(null);
  const [gone, setGone] = useState<string[]>([]);
  const finished = runs.filter((r) => r.template);
  const allDone = finished.length === runs.length;

  const keepOnly = (keepId: string) => {
    const others = finished.filter((r) => r.template!._id !== keepId).map((r) => r.template!._id);
    Promise.all(others.map((id) => del.mutateAsync(id)))
      .then(() => {
        setGone(others);
        setKept(keepId);
        toast.success(GENERATOR_UI.keptOne);
      })
      .catch((err) => toast.error(errorMessage(err, GENERATOR_MESSAGES.deleteFailed)));
  };

  return (
    <section aria-label={GENERATOR_UI.variantsLabel} className="space-y-4">
      {kept === "both" && <Alert tone="success">{GENERATOR_UI.keptBoth}</Alert>}
      <div className="grid gap-4 xl:grid-cols-2">
        {runs.map((r) => {
          const t = r.template;
          const title = GENERATOR_UI.variantTitle(r.job.variantIndex + 1);
          if (t && gone.includes(t._id)) return null;
          return (
            <article key={r.jobId} aria-label={title} className="min-w-0 space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900">{title}</h2>
                {t && allDone && kept === null && (
                  <Button className="px-3 py-1.5" loading={del.isPending} onClick={() => keepOnly(t._id)}>
                    {GENERATOR_UI.keep}
                  </Button>
                )}
                {t && (kept === t._id || kept === "both") && (
                  <span className="text-sm font-semibold text-green-700">{GENERATOR_UI.kept}</span>
                )}
              </div>
              <EmailPreview
                html={t?.html ?? r.preview}
                busy={!t && !r.ended}
                title={`${GENERATOR_UI.livePreview} ${title}`}
              />
              {t && (
                <>
                  <FidelityScore
                    fidelity={t.score !== null && t.scoreParts ? { score: t.score, parts: t.scoreParts } : null}
                    repaired={t.repaired}
                  />
                  <Link to={`${paths.user.templates}/${t._id}`} className={buttonClasses("secondary", "w-full")}>
                    Open “{t.name}”
                  </Link>
                </>
              )}
            </article>
          );
        })}
      </div>
      {allDone && finished.length > 1 && kept === null && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => setKept("both")}>
            {GENERATOR_UI.keepBoth}
          </Button>
        </div>
      )}
    </section>
  );
}
