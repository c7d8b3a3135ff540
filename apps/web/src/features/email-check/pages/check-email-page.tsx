import { EMAIL_CHECK_MESSAGES, EMAIL_CHECK_UI_TEXTS, OUTLOOK_CHECK_TEXTS } from "@mailsmith/shared";
import { useEffect, useRef, useState } from "react";
import { CompareView } from "@/components/email/compare-view";
import { EmailReport } from "@/components/email/email-report";
import { FidelityScore } from "@/components/email/fidelity-score";
import { RenderedPreviews } from "@/components/email/rendered-previews";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { scrollBehavior } from "@/lib/motion";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useEmailCheck } from "../api/email-check";
import { DesignInput, useObjectUrl } from "../components/design-input";
import { FixAccessibility } from "../components/fix-accessibility";
import { FixDarkMode } from "../components/fix-dark-mode";
import { FixWithAi } from "../components/fix-with-ai";
import { HtmlInput } from "../components/html-input";
import { OutputPanel } from "../components/output-panel";
import { useReportFixes } from "../hooks/use-report-fixes";
import { validateHtml } from "../validate";

const PREVIEW_LABELS = {
  title: EMAIL_CHECK_MESSAGES.previewsTitle,
  desktop: EMAIL_CHECK_MESSAGES.previewDesktop,
  mobile: EMAIL_CHECK_MESSAGES.previewMobile,
  dark: EMAIL_CHECK_MESSAGES.previewDark,
  darkForced: EMAIL_CHECK_MESSAGES.previewDarkForced,
  outlook: OUTLOOK_CHECK_TEXTS.previewLabel,
  unavailable: EMAIL_CHECK_MESSAGES.previewsUnavailable,
};

/** /user/check-email: paste or upload an existing HTML email; report, rendered previews, cleaned HTML, plain text. */
export function CheckEmailPage() {
  useDocumentTitle(`${EMAIL_CHECK_MESSAGES.pageTitle} - Mailsmith`);
  const me = useMe();
  const check = useEmailCheck();
  const [html, setHtml] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const [design, setDesign] = useState<File | null>(null);
  // The design the shown result was checked against (the input may have changed since).
  const checkedDesignUrl = useObjectUrl(check.variables?.design ?? null);
  // A fix applied from the report replaces the shown email, report and previews at once.
  const { result, fixes } = useReportFixes(check.data);
  const resultsRef = useRef<HTMLDivElement>(null);
  // On a phone the results sit below the form: bring the new report into view.
  useEffect(() => {
    const el = resultsRef.current;
    if (result && el && el.getBoundingClientRect().top > window.innerHeight)
      el.scrollIntoView({ behavior: scrollBehavior() });
  }, [result]);

  const submit = () => {
    const problem = validateHtml(html);
    setInputError(problem);
    if (!problem) check.mutate({ html, design });
  };

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold text-slate-900">{EMAIL_CHECK_MESSAGES.pageTitle}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{EMAIL_CHECK_MESSAGES.intro}</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <form
          className="min-w-0 space-y-4 self-start rounded-xl border border-slate-200 bg-white p-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <HtmlInput
            value={html}
            onChange={(v) => {
              setHtml(v);
              setInputError(null);
            }}
            onError={setInputError}
            error={inputError}
            disabled={check.isPending}
          />
          <DesignInput value={design} onChange={setDesign} disabled={check.isPending} />
          {check.isError && <Alert>{errorMessage(check.error, EMAIL_CHECK_MESSAGES.checkFailed)}</Alert>}
          <Button type="submit" loading={check.isPending} disabled={check.isPending}>
            {check.isPending ? EMAIL_CHECK_MESSAGES.checking : EMAIL_CHECK_MESSAGES.check}
          </Button>
        </form>

        <div ref={resultsRef} className="min-w-0 scroll-mt-4 space-y-6">
          {result ? (
            <>
              {result.fidelity !== undefined && (
                <FidelityScore
                  fidelity={result.fidelity}
                  title={EMAIL_CHECK_MESSAGES.fidelityTitle}
                  unavailable={EMAIL_CHECK_MESSAGES.fidelityUnavailable}
                />
              )}
              <FixWithAi html={result.html} report={result.report} credits={me.data?.currentBalance ?? 0} />
              <FixAccessibility key={result.html} html={check.variables?.html ?? result.html} report={result.report} />
              <FixDarkMode
                key={`dark ${result.html}`}
                html={check.variables?.html ?? result.html}
                report={result.report}
              />
              <EmailReport report={result.report} title={EMAIL_CHECK_MESSAGES.reportTitle} fixes={fixes} />
            </>
          ) : (
            <div className="flex min-h-48 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
              {check.isPending ? EMAIL_CHECK_MESSAGES.checking : EMAIL_CHECK_MESSAGES.resultPlaceholder}
            </div>
          )}
        </div>
      </div>

      {result && (
        <div className="mt-6 space-y-6">
          {result.fidelity?.rendered && checkedDesignUrl && (
            <CompareView designUrl={checkedDesignUrl} renderedUrl={result.fidelity.rendered} html={result.html} />
          )}
          <RenderedPreviews report={result.report} labels={PREVIEW_LABELS} />
          {!result.report.previews?.desktop && (
            // No pictures (renderer unavailable): the processed email itself, only ever in a sandboxed frame.
            <iframe
              title={EMAIL_CHECK_UI_TEXTS.checkEmailPage.processedEmail}
              sandbox=""
              srcDoc={result.html}
              className="h-[500px] w-full rounded-xl border border-slate-200 bg-white"
            />
          )}
          <OutputPanel html={result.html} text={result.text} />
        </div>
      )}
    </div>
  );
}
