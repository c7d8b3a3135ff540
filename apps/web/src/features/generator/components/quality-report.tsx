import { type EmailAutofix, GENERATOR_MESSAGES, type TEmailReport } from "@mailsmith/shared";
import { useState } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import { EmailReport } from "@/components/email/email-report";
import { useAutofixTemplate } from "../api/templates";

/**
 * The generator's report: the shared email report component, with the one-click fixes wired to the saved
 * template (POST /api/templates/:id/autofix; the server re-checks and answers with the new report). The template
 * id comes from the caller, else from the page's :id.
 */
export function QualityReport({ report, templateId }: { report: TEmailReport; templateId?: string }) {
  const params = useParams();
  const id = templateId ?? params.id;
  const autofix = useAutofixTemplate();
  const [fixed, setFixed] = useState<{ from: TEmailReport; report: TEmailReport } | null>(null);
  // A newer report from the parent (refetch) wins over the one kept after a fix.
  const shown = fixed && fixed.from === report ? fixed.report : report;
  const onAutofix = id
    ? (fix: EmailAutofix) =>
        autofix.mutate(
          { id, fix },
          {
            onSuccess: (r) => {
              setFixed({ from: report, report: r.data.report });
              toast.success(GENERATOR_MESSAGES.autofixApplied);
            },
            onError: (err) => toast.error(err.message),
          },
        )
    : undefined;
  return <EmailReport report={shown} onAutofix={onAutofix} autofixPending={autofix.isPending} />;
}
