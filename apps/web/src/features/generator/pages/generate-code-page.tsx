import {
  DEFAULT_EMAIL_TYPE,
  EMAIL_TYPES,
  type EmailType,
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { inputClasses, TextAreaField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGeneratorStatus } from "../api/generate";
import { createGeneration } from "../api/generations";
import { EmailPreview } from "../components/email-preview";
import { GenerationProgress, UploadProgress } from "../components/generation-progress";
import { GenerationResult } from "../components/generation-result";
import {
  checkImages,
  ImagePicker,
  type PickedImage,
  usePasteImages,
  useRevokeOnUnmount,
} from "../components/image-picker";
import { VariantResults } from "../components/variant-results";
import { type JobRun, useGenerationJobs } from "../hooks/use-generation-jobs";

/** /user/generate-code (spec §2 Generator). Signed-out visitors get the log-in prompt, not a redirect. */
export function GenerateCodePage() {
  useDocumentTitle(`${GENERATOR_MESSAGES.pageTitle} - Mailsmith`);
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <div className="flex justify-center p-16 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (!me.data) {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">{GENERATOR_MESSAGES.pageTitle}</h1>
        <p className="mt-3 text-slate-600">{GENERATOR_MESSAGES.loginRequired}</p>
        <Link to={paths.login} state={{ from: location.pathname }} className={buttonClasses("primary", "mt-6")}>
          {GENERATOR_MESSAGES.goToLogin}
        </Link>
      </div>
    );
  }
  return <Generator credits={me.data.currentBalance} />;
}

/** The failure text of a job with "You were not charged." when its credit came back. */
function failureText(run: JobRun) {
  const message = run.ended?.message ?? "";
  if (!run.ended?.refunded || message.includes(GENERATION_JOB_MESSAGES.notCharged)) return message;
  return `${message} ${GENERATION_JOB_MESSAGES.notCharged}`;
}

function Generator({ credits }: { credits: number }) {
  const status = useGeneratorStatus(true);
  const gen = useGenerationJobs();
  const [emailType, setEmailType] = useState<EmailType>(DEFAULT_EMAIL_TYPE);
  const [instructions, setInstructions] = useState("");
  const [images, setImages] = useState<PickedImage[]>([]);
  const [variants, setVariants] = useState<1 | 2>(1);
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [inputError, setInputError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  /** Share of the upload sent, while the request that creates the job is under way. */
  const [uploaded, setUploaded] = useState<number | null>(null);
  /** The first design image of the running generation, for the compare view (an object URL of our own). */
  const [designSrc, setDesignSrc] = useState<string | null>(null);
  useRevokeOnUnmount(images);
  useEffect(() => () => void (designSrc && URL.revokeObjectURL(designSrc)), [designSrc]);

  const busy = gen.running;
  const addImages = (files: File[]) => {
    const { accepted, errors } = checkImages(images.length, files);
    setImageErrors(errors);
    setInputError(null);
    try {
      const added = accepted.map((file) => ({ id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }));
      setImages((list) => [...list, ...added]);
    } catch {
      setInputError(GENERATOR_MESSAGES.readImagesFailed);
    }
  };
  usePasteImages(addImages, !busy);
  const removeImage = (id: string) => {
    setImageErrors([]);
    setImages((list) => {
      const gone = list.find((i) => i.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((i) => i.id !== id);
    });
  };
  const moveImage = (from: number, to: number) =>
    setImages((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const generate = async () => {
    setInputError(null);
    if (credits < 1) return setInputError(GENERATOR_MESSAGES.insufficientCredits);
    if (credits < variants) return setInputError(GENERATOR_UI.notEnoughForVariants(variants, credits));
    if (instructions.length > GENERATOR_LIMITS.maxInstructionsLength) {
      return setInputError(GENERATOR_MESSAGES.instructionsTooLong);
    }
    const form = new FormData();
    form.append("emailType", emailType);
    form.append("instructions", instructions);
    form.append("variants", String(variants));
    for (const img of images) form.append("images", img.file, img.file.name);
    const first = images[0];
    setDesignSrc(first ? URL.createObjectURL(first.file) : null);
    setUploaded(0);
    await gen.start(() => createGeneration(form, setUploaded));
    setUploaded(null);
  };
  const reset = () => {
    for (const i of images) URL.revokeObjectURL(i.url);
    setImages([]);
    setInstructions("");
    setEmailType(DEFAULT_EMAIL_TYPE);
    setVariants(1);
    setImageErrors([]);
    setInputError(null);
    setDesignSrc(null);
    gen.clear();
  };
  const cancel = async (jobId: string) => {
    setCancelling(jobId);
    try {
      await gen.cancel(jobId);
    } catch (err) {
      toast.error(errorMessage(err, GENERATION_JOB_MESSAGES.cancelNotRunning));
    } finally {
      setCancelling(null);
    }
  };
  const retry = async (jobId: string) => {
    setRetrying(jobId);
    try {
      await gen.retry(jobId);
    } catch (err) {
      toast.error(errorMessage(err, GENERATION_JOB_MESSAGES.retryNotAllowed));
    } finally {
      setRetrying(null);
    }
  };

  const noCredits = credits < 1;
  const runs = gen.runs;
  const active = runs.filter((r) => !r.template && !r.ended);
  const failed = runs.filter((r) => r.ended);
  const done = runs.filter((r) => r.template);
  const single = runs.length === 1 ? runs[0] : undefined;
  const variantTitle = (r: JobRun) => (runs.length > 1 ? GENERATOR_UI.variantTitle(r.job.variantIndex + 1) : undefined);

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{GENERATOR_MESSAGES.pageTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">{GENERATOR_UI.intro}</p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2">
          <span className="text-sm text-slate-600">
            {GENERATOR_UI.creditsLabel}{" "}
            <strong data-testid="generator-credits" className="text-slate-900">
              {credits}
            </strong>
          </span>
          {noCredits && (
            <Link to={paths.user.selectPackage} className={buttonClasses("primary", "px-3 py-1.5")}>
              {GENERATOR_UI.buyNow}
            </Link>
          )}
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <form
          className="min-w-0 space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void generate();
          }}
        >
          {status.data && !status.data.available && <Alert tone="warning">{GENERATOR_MESSAGES.noApiKeys}</Alert>}
          {status.isError && <Alert tone="warning">{GENERATOR_MESSAGES.keysLoadError}</Alert>}
          {gen.reattached && active.length > 0 && <Alert tone="info">{GENERATOR_UI.reattached}</Alert>}
          <div>
            <label htmlFor="email-type" className="mb-1.5 block text-sm font-medium text-slate-700">
              {GENERATOR_UI.selectEmailType}
            </label>
            <select
              id="email-type"
              value={emailType}
              disabled={busy}
              onChange={(e) => setEmailType(e.target.value as EmailType)}
              className={inputClasses()}
            >
              {EMAIL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <ImagePicker images={images} onAdd={addImages} onRemove={removeImage} onMove={moveImage} disabled={busy} />
          {imageErrors.length > 0 && (
            <Alert>
              <ul className="space-y-0.5">
                {imageErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </Alert>
          )}
          <TextAreaField
            label={GENERATOR_UI.instructionsLabel}
            rows={4}
            maxLength={GENERATOR_LIMITS.maxInstructionsLength}
            value={instructions}
            disabled={busy}
            onChange={(e) => setInstructions(e.target.value)}
            placeholder={GENERATOR_UI.instructionsPlaceholder}
          />
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-700">{GENERATOR_UI.variantsLabel}</legend>
            <div className="flex flex-wrap gap-2">
              {([1, 2] as const).slice(0, GENERATION_JOB_LIMITS.maxVariants).map((n) => (
                <label
                  key={n}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-brand-500 ${
                    variants === n ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-700"
                  }`}
                >
                  <input
                    type="radio"
                    name="variants"
                    value={n}
                    checked={variants === n}
                    disabled={busy}
                    onChange={() => setVariants(n)}
                    className="accent-brand-600"
                  />
                  {n === 1 ? GENERATOR_UI.oneVariant : GENERATOR_UI.twoVariants}
                </label>
              ))}
            </div>
            <p className="mt-1.5 text-xs text-slate-600" data-testid="generation-cost">
              {GENERATOR_UI.cost(variants)}
            </p>
          </fieldset>
          {inputError && <Alert>{inputError}</Alert>}
          {gen.startError && <Alert title={gen.startError}>{GENERATION_JOB_MESSAGES.notCharged}</Alert>}
          {done.length > 0 && active.length === 0 && <Alert tone="success">{GENERATOR_MESSAGES.generated}</Alert>}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={busy} disabled={busy || noCredits}>
              {busy ? GENERATOR_UI.generating : GENERATOR_UI.generate}
            </Button>
            {noCredits && (
              <Link to={paths.user.selectPackage} className={buttonClasses("secondary")}>
                {GENERATOR_UI.buyCredits}
              </Link>
            )}
            <Button variant="secondary" onClick={reset} disabled={busy}>
              {GENERATOR_UI.reset}
            </Button>
          </div>
          {noCredits && <p className="text-sm text-slate-600">{GENERATOR_UI.noCredits}</p>}
        </form>

        <div className="min-w-0 space-y-6">
          {gen.starting && uploaded !== null && <UploadProgress fraction={uploaded} />}
          {active.map((r) => (
            <GenerationProgress
              key={r.jobId}
              run={r}
              title={variantTitle(r)}
              onCancel={() => void cancel(r.jobId)}
              cancelling={cancelling === r.jobId}
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
                  loading={retrying === r.jobId}
                  onClick={() => void retry(r.jobId)}
                >
                  {GENERATOR_UI.retry}
                </Button>
              )}
            </Alert>
          ))}
          {runs.length > 1 ? (
            <VariantResults runs={runs} />
          ) : single?.template ? (
            <GenerationResult template={single.template} designSrc={designSrc} />
          ) : (
            // A cancelled or failed run leaves no half-written email behind the message.
            <EmailPreview
              html={single && !single.ended ? single.preview : ""}
              busy={Boolean(single && active.length)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
