import type { TEmailReport } from "@mailsmith/shared";
import { EmailReport } from "@/components/email/email-report";

/** The generator's report: the shared email report component (also used by Check my email). */
export function QualityReport({ report }: { report: TEmailReport }) {
  return <EmailReport report={report} />;
}
