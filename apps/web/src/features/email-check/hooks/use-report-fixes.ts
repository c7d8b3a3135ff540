import { EMAIL_AUTOFIXES, EMAIL_REPORT_UI, type EmailAutofix, type TEmailCheckResponse } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import type { ReportFixes } from "@/components/email/email-report";
import { errorMessage } from "@/lib/api-client";
import { useEmailFix } from "../api/email-fix";

/**
 * The report's one-click fixes on Check my email (decisions 126 and 133): every fix the template
 * page has — Use https, Fix accessibility, Repair dark mode and the alt text fields — through POST /api/email-fix on
 * the email as shown (so fixes add up); its answer replaces the shown email, plain text, report and previews at
 * once. Nothing is saved (there is no template). A new check starts over.
 */
export function useReportFixes(checked: TEmailCheckResponse | undefined) {
  const fix = useEmailFix();
  const [applied, setApplied] = useState<{ from: TEmailCheckResponse; result: TEmailCheckResponse } | null>(null);
  const result = checked && applied?.from === checked ? applied.result : checked;
  const apply = (name: EmailAutofix, alts?: { id: string; alt: string }[]) => {
    if (!checked || !result) return;
    fix.mutate(
      { html: result.html, fixes: [name], ...(alts ? { alts } : {}) },
      {
        onSuccess: (r) => {
          const { html, text, report, altPictures } = r;
          setApplied({ from: checked, result: { ...result, html, text, report, altPictures } });
          toast.success(EMAIL_REPORT_UI.autofixApplied[name]);
        },
        onError: (err) => toast.error(errorMessage(err, EMAIL_REPORT_UI.fixFailed)),
      },
    );
  };
  const pending = fix.isPending ? (fix.variables?.fixes?.[0] ?? null) : null;
  const fixes: ReportFixes = { offered: EMAIL_AUTOFIXES, apply, pending, altPictures: result?.altPictures ?? [] };
  return { result, fixes };
}
