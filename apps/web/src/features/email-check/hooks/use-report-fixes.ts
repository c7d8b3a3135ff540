import { EMAIL_REPORT_UI, type EmailAutofix, type TEmailCheckResponse } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import type { ReportFixes } from "@/components/email/email-report";
import { errorMessage } from "@/lib/api-client";
import { useEmailFix } from "../api/email-fix";

/** The report's fixes Check my email applies: the engine's fix groups (POST /api/email-fix, free). */
const OFFERED = ["accessibility", "dark-mode"] as const satisfies readonly EmailAutofix[];
type Offered = (typeof OFFERED)[number];

/**
 * The report's one-click fixes on Check my email: a fix runs on the email as shown
 * (so fixes add up), and its answer replaces the shown email, report and previews at once. A new check starts over.
 */
export function useReportFixes(checked: TEmailCheckResponse | undefined) {
  const fix = useEmailFix();
  const [applied, setApplied] = useState<{ from: TEmailCheckResponse; result: TEmailCheckResponse } | null>(null);
  const result = checked && applied?.from === checked ? applied.result : checked;
  const apply = (name: EmailAutofix) => {
    if (!checked || !result || !(OFFERED as readonly string[]).includes(name)) return;
    fix.mutate(
      { html: result.html, fixes: [name as Offered] },
      {
        onSuccess: (r) => {
          setApplied({ from: checked, result: { ...result, html: r.html, report: r.report } });
          toast.success(EMAIL_REPORT_UI.autofixApplied[name]);
        },
        onError: (err) => toast.error(errorMessage(err, EMAIL_REPORT_UI.fixFailed)),
      },
    );
  };
  const pending = fix.isPending ? ((fix.variables?.fixes[0] as EmailAutofix | undefined) ?? null) : null;
  const fixes: ReportFixes = { offered: OFFERED, apply, pending };
  return { result, fixes };
}
