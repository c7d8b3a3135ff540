import {
  GENERATION_JOB_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
  OUTLOOK_CHECK_TEXTS,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { CompareView } from "@/components/email/compare-view";
import { FidelityScore } from "@/components/email/fidelity-score";
import { RenderedPreviews } from "@/components/email/rendered-previews";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { createRefinement } from "../api/generations";
import { useTemplate } from "../api/templates";
import { CodePanel } from "../components/code-panel";
import { CreditsAmount } from "../components/credits-box";
import { EmailPreview } from "../components/email-preview";
import { GenerationProgress } from "../components/generation-progress";
import { designSourceOf } from "../components/generation-result";
import { OutlookDifferences } from "../components/outlook-differences";
import { PlatformExport } from "../components/platform-export";
import { QualityReport } from "../components/quality-report";
import { RenameDialog } from "../components/rename-dialog";
import { TemplateBrandKit } from "../components/template-brand-kit";
import { TemplateEditor } from "../components/template-editor";
import { TemplateImages } from "../components/template-images";
import { VersionList } from "../components/version-list";
import { WrittenBy } from "../components/written-by";
import { useGenerationJobs } from "../hooks/use-generation-jobs";

const PREVIEW_LABELS = {
  title: GENERATOR_UI.previewsTitle,
  desktop: GENERATOR_UI.previewDesktop,
  mobile: GENERATOR_UI.previewMobile,
  dark: GENERATOR_UI.previewDark,
  darkForced: GENERATOR_UI.previewDarkForced,
  // The fifth picture (decision 109): classic Outlook approximated, labelled as such, as on Check my email.
  outlook: OUTLOOK_CHECK_TEXTS.previewLabel,
  unavailable: GENERATOR_UI.previewsUnavailable,
};

/** /user/templates/:id: one saved template, with a follow-up instruction that makes a new version for 1 credit. */
export function TemplatePage() {
  const { id } = useParams();
  const q = useTemplate(id);
  const me = useMe();
  const navigate = useNavigate();
  // A refinement is a job like a generation: stages, Cancel, Retry.
  const jobs = useGenerationJobs({ reattach: false });
  const run = jobs.runs[0];
  const running = jobs.running;
  const [instruction, setInstruction] = useState("");
  const [renaming, setRenaming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const finished = run?.template;
  const { clear } = jobs;
  useEffect(() => {
    if (!finished) return;
    setInstruction("");
    clear();
    navigate(`${paths.user.templates}/${finished._id}`);
  }, [finished, clear, navigate]);
  useDocumentTitle(`${q.data?.name || q.data?.subject || GENERATOR_UI.templateFallback} - Mailsmith`);

  if (q.isPending) {
    return (
      <div className="flex justify-center p-16 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (q.isError) return <Alert>{errorMessage(q.error, GENERATOR_MESSAGES.templateNotFound)}</Alert>;
  const t = q.data;
  const credits = me.data?.currentBalance ?? 0;

  const refine = async () => {
    if (!instruction.trim()) return;
    await jobs.start(() => createRefinement(t._id, instruction.trim()));
  };
  const cancel = async (jobId: string) => {
    setCancelling(true);
    try {
      await jobs.cancel(jobId);
    } catch (err) {
      toast.error(errorMessage(err, GENERATION_JOB_MESSAGES.cancelNotRunning));
    } finally {
      setCancelling(false);
    }
  };
  const retry = (jobId: string) =>
    jobs.retry(jobId).catch((err) => toast.error(errorMessage(err, GENERATION_JOB_MESSAGES.retryNotAllowed)));

  return (
    <div className="mx-auto max-w-7xl">
      <Link to={paths.user.templates} className="text-sm font-medium text-brand-700 hover:underline">
        ← My Templates
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 text-2xl font-bold break-words text-slate-900">{t.name || t.subject || t.emailType}</h1>
        <Badge color="blue">{t.emailType}</Badge>
        <Badge>Version {t.version}</Badge>
        <Button variant="ghost" className="px-3 py-1.5" onClick={() => setRenaming(true)}>
          {GENERATOR_UI.rename}
        </Button>
      </div>
      <RenameDialog template={renaming ? t : null} onClose={() => setRenaming(false)} />
      <VersionList template={t} />
      <TemplateBrandKit kit={t.brandKit} />
      <WrittenBy model={t.model} />
      <p className="mt-1 text-sm text-slate-600">
        {new Date(t.createdAt).toLocaleString()}
        {t.parentId && (
          <>
            {" "}
            {GENERATOR_UI.refinedFrom}{" "}
            <Link to={`${paths.user.templates}/${t.parentId}`} className="text-brand-700 underline">
              {GENERATOR_UI.previousVersion}
            </Link>
          </>
        )}
        {t.instructions && <> · “{t.instructions}”</>}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0 space-y-6">
          <form
            className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
            onSubmit={(e) => {
              e.preventDefault();
              void refine();
            }}
          >
            <h2 className="text-sm font-semibold text-slate-900">{GENERATOR_UI.refineTitle}</h2>
            <TextAreaField
              label={GENERATOR_UI.followUpLabel}
              rows={3}
              maxLength={GENERATOR_LIMITS.maxInstructionsLength}
              value={instruction}
              disabled={running}
              onChange={(e) => setInstruction(e.target.value)}
              placeholder={GENERATOR_UI.followUpPlaceholder}
            />
            {jobs.startError && <Alert title={jobs.startError}>{GENERATION_JOB_MESSAGES.notCharged}</Alert>}
            {run?.ended && (
              <Alert>
                <p>
                  {run.ended.message}
                  {run.ended.refunded && !run.ended.message.includes(GENERATION_JOB_MESSAGES.notCharged)
                    ? ` ${GENERATION_JOB_MESSAGES.notCharged}`
                    : ""}
                </p>
                {run.job.canRetry && (
                  <Button variant="secondary" className="mt-2 px-3 py-1.5" onClick={() => void retry(run.jobId)}>
                    {GENERATOR_UI.retry}
                  </Button>
                )}
              </Alert>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" loading={running} disabled={running || !instruction.trim() || credits < 1}>
                {running ? GENERATOR_UI.generating : GENERATOR_UI.applyChange}
              </Button>
              {credits < 1 && (
                <Link to={paths.user.selectPackage} className={buttonClasses("secondary")}>
                  {GENERATOR_UI.buyCredits}
                </Link>
              )}
              <span className="text-sm text-slate-600">
                {GENERATOR_UI.creditsLabel} <CreditsAmount credits={credits} />
              </span>
            </div>
            {credits < 1 && <Alert tone="warning">{GENERATOR_MESSAGES.insufficientCredits}</Alert>}
            {run && !run.ended && !run.template && (
              <GenerationProgress run={run} onCancel={() => void cancel(run.jobId)} cancelling={cancelling} />
            )}
          </form>
          {!running && <TemplateEditor key={t._id} template={t} />}
          <FidelityScore
            fidelity={t.score !== null && t.scoreParts ? { score: t.score, parts: t.scoreParts } : null}
            repaired={t.repaired}
          />
          <QualityReport report={t.report} />
        </div>
        <div className="min-w-0 space-y-6">
          <EmailPreview html={running ? (run?.preview ?? "") : t.html} busy={running} />
          {designSourceOf(t) && !running && (
            <CompareView designUrl={designSourceOf(t)!} renderedUrl={t.report.previews?.desktop} html={t.html} />
          )}
          {!running && <TemplateImages template={t} />}
          <CodePanel template={t} />
          {!running && (
            <PlatformExport template={t} onInsert={(tok) => setInstruction((s) => (s ? `${s} ${tok}` : tok))} />
          )}
        </div>
      </div>
      {/* Reports saved before rendering existed have no render section: nothing to show for them. */}
      {t.report.render && (
        <div className="mt-6">
          <RenderedPreviews report={t.report} labels={PREVIEW_LABELS} />
          <OutlookDifferences report={t.report} />
        </div>
      )}
    </div>
  );
}
