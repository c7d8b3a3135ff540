import { EMAIL_AUTOFIXES, EMAIL_REPORT_UI, type EmailAutofix, type TEmailReport } from "@mailsmith/shared";
import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { EmailReport } from "@/components/email/email-report";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useAutofixTemplate, useTemplateParts } from "../api/template-edit";

/**
 * The generator's report: the shared email report component with every one-click fix wired to the saved template
 * (POST /api/templates/:id/autofix, decision 126): each fix saves a new version, free, and the page moves to it — its
 * report, previews and HTML at once. The alt-text fields come from the template's parts (pictures without alt, with
 * the model's suggestion). The template id comes from the caller, else from the page's :id.
 */
export function QualityReport({ report, templateId }: { report: TEmailReport; templateId?: string }) {
  const params = useParams();
  const id = templateId ?? params.id;
  const navigate = useNavigate();
  const autofix = useAutofixTemplate();
  const needsAlt = report.checks.some((c) => c.id === "a11y.alt" && c.status !== "pass");
  const parts = useTemplateParts(needsAlt ? id : undefined);
  const altPictures = (parts.data?.parts ?? [])
    .filter((p) => p.kind === "image" && p.alt === null && p.src)
    .map((p) => ({ id: p.id, src: p.src!, ...(p.altSuggestion ? { suggestion: p.altSuggestion } : {}) }));
  const apply = (fix: EmailAutofix, alts?: { id: string; alt: string }[]) => {
    if (!id) return;
    autofix.mutate(
      { id, fix, ...(alts ? { alts } : {}) },
      {
        onSuccess: (r) => {
          toast.success(EMAIL_REPORT_UI.autofixApplied[fix]);
          navigate(`${paths.user.templates}/${r.data._id}`);
        },
        onError: (err) => toast.error(errorMessage(err, EMAIL_REPORT_UI.fixFailed)),
      },
    );
  };
  return (
    <EmailReport
      key={id}
      report={report}
      fixes={
        id
          ? {
              offered: EMAIL_AUTOFIXES,
              apply,
              pending: autofix.isPending ? (autofix.variables?.fix ?? null) : null,
              altPictures,
            }
          : undefined
      }
    />
  );
}
