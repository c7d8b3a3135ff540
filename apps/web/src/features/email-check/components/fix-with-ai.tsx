import {
  buildFixInstruction,
  COMMERCE_MESSAGES,
  EMAIL_CHECK_MESSAGES,
  EMAIL_CHECK_UI_TEXTS,
  type TEmailReport,
} from "@mailsmith/shared";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useFixWithAi } from "../api/email-check";

/**
 * "Fix with AI (1 credit)": saves the processed email as a template and refines it through the generator's refine
 * path with an instruction built from the failing checks and the warnings that carry a fix, then opens the new version. Disabled at 0 credits, with a
 * way to buy some.
 */
export function FixWithAi({ html, report, credits }: { html: string; report: TEmailReport; credits: number }) {
  const navigate = useNavigate();
  const fix = useFixWithAi();
  const instructions = buildFixInstruction(report.checks);
  const noCredits = credits < 1;
  const importedId = (fix.error as { importedId?: string } | null)?.importedId;

  return (
    <section
      aria-label={EMAIL_CHECK_UI_TEXTS.fixWithAi.fixWithAi}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <p className="text-sm text-slate-600">
        {instructions ? EMAIL_CHECK_MESSAGES.fixHint : EMAIL_CHECK_MESSAGES.fixNothing}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          loading={fix.isPending}
          disabled={!instructions || noCredits || fix.isPending}
          onClick={() =>
            instructions &&
            fix.mutate(
              { html, instructions },
              { onSuccess: ({ refined }) => navigate(`${paths.user.templates}/${refined._id}`) },
            )
          }
        >
          {fix.isPending ? EMAIL_CHECK_MESSAGES.fixing : EMAIL_CHECK_MESSAGES.fixWithAi}
        </Button>
        {noCredits && (
          <>
            <span className="text-sm text-slate-600">
              {credits < 0 ? COMMERCE_MESSAGES.negativeBalance(credits) : EMAIL_CHECK_MESSAGES.noCredits}
            </span>
            <Link to={paths.user.selectPackage} className={buttonClasses("secondary", "px-3 py-1.5")}>
              {EMAIL_CHECK_MESSAGES.buyCredits}
            </Link>
          </>
        )}
      </div>
      {fix.isError && (
        <Alert title={errorMessage(fix.error, EMAIL_CHECK_MESSAGES.fixFailed)}>
          {importedId && (
            <Link to={`${paths.user.templates}/${importedId}`} className="font-semibold underline">
              {EMAIL_CHECK_MESSAGES.imported}
            </Link>
          )}
        </Alert>
      )}
    </section>
  );
}
