import {
  DEFAULT_EMAIL_TYPE,
  EMAIL_TYPES,
  type EmailType,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
} from "@mailsmith/shared";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { inputClasses, TextAreaField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/me";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGeneratorStatus } from "../api/generate";
import { CodePanel } from "../components/code-panel";
import { EmailPreview } from "../components/email-preview";
import { checkImages, ImagePicker, type PickedImage, useRevokeOnUnmount } from "../components/image-picker";
import { QualityReport } from "../components/quality-report";
import { useGeneration } from "../hooks/use-generation";

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

function Generator({ credits }: { credits: number }) {
  const status = useGeneratorStatus(true);
  const gen = useGeneration();
  const [emailType, setEmailType] = useState<EmailType>(DEFAULT_EMAIL_TYPE);
  const [instructions, setInstructions] = useState("");
  const [images, setImages] = useState<PickedImage[]>([]);
  const [inputError, setInputError] = useState<string | null>(null);
  useRevokeOnUnmount(images);

  const addImages = (files: File[]) => {
    const problem = checkImages(images, files);
    if (problem) return setInputError(problem);
    try {
      const added = files.map((file) => ({ id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }));
      setInputError(null);
      setImages((list) => [...list, ...added]);
    } catch {
      setInputError(GENERATOR_MESSAGES.readImagesFailed);
    }
  };
  const removeImage = (id: string) =>
    setImages((list) => {
      const gone = list.find((i) => i.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((i) => i.id !== id);
    });

  const generate = async () => {
    setInputError(null);
    if (credits < 1) return setInputError(GENERATOR_MESSAGES.insufficientCredits);
    if (instructions.length > GENERATOR_LIMITS.maxInstructionsLength) {
      return setInputError(GENERATOR_MESSAGES.instructionsTooLong);
    }
    const form = new FormData();
    form.append("emailType", emailType);
    form.append("instructions", instructions);
    for (const img of images) form.append("images", img.file, img.file.name);
    await gen.run("/api/generate", form);
  };
  const reset = () => {
    for (const i of images) URL.revokeObjectURL(i.url);
    setImages([]);
    setInstructions("");
    setEmailType(DEFAULT_EMAIL_TYPE);
    setInputError(null);
    gen.reset();
  };

  const previewHtml = gen.result?.html ?? gen.preview;
  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{GENERATOR_MESSAGES.pageTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Upload your design, pick an email type and get HTML that renders well in Gmail, Apple Mail, Outlook and
            Yahoo. Each generation costs 1 credit.
          </p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2">
          <span className="text-sm text-slate-600">
            Credits:{" "}
            <strong data-testid="generator-credits" className="text-slate-900">
              {credits}
            </strong>
          </span>
          {credits < 1 && (
            <Link to={paths.user.selectPackage} className={buttonClasses("primary", "px-3 py-1.5")}>
              Buy Now
            </Link>
          )}
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <form
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void generate();
          }}
        >
          {status.data && !status.data.available && <Alert tone="warning">{GENERATOR_MESSAGES.noApiKeys}</Alert>}
          {status.isError && <Alert tone="warning">{GENERATOR_MESSAGES.keysLoadError}</Alert>}
          <div>
            <label htmlFor="email-type" className="mb-1.5 block text-sm font-medium text-slate-700">
              Select Email Type
            </label>
            <select
              id="email-type"
              value={emailType}
              disabled={gen.running}
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
          <ImagePicker images={images} onAdd={addImages} onRemove={removeImage} disabled={gen.running} />
          <TextAreaField
            label="Specific Instructions (optional)"
            rows={4}
            maxLength={GENERATOR_LIMITS.maxInstructionsLength}
            value={instructions}
            disabled={gen.running}
            onChange={(e) => setInstructions(e.target.value)}
            placeholder="e.g. Use our brand colour #e11d48, add a 20% discount code SPRING20"
          />
          {inputError && <Alert>{inputError}</Alert>}
          {gen.error && (
            <Alert title={gen.error.message}>{gen.error.refunded ? GENERATOR_MESSAGES.refunded : undefined}</Alert>
          )}
          {gen.result && <Alert tone="success">{GENERATOR_MESSAGES.generated}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={gen.running} disabled={gen.running}>
              {gen.running ? "Generating..." : "Generate Email Template"}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={gen.running}>
              Reset
            </Button>
          </div>
          {gen.result && (
            <p className="text-sm text-slate-600">
              Saved to{" "}
              <Link
                to={`${paths.user.templates}/${gen.result._id}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                My Templates
              </Link>
              : refine it there with a follow-up instruction.
            </p>
          )}
        </form>

        <div className="min-w-0 space-y-6">
          <EmailPreview html={previewHtml} busy={gen.running} />
          {gen.result && <QualityReport report={gen.result.report} />}
          {gen.result && <CodePanel template={gen.result} />}
        </div>
      </div>
    </div>
  );
}
