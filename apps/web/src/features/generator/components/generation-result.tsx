import type { TTemplateFull } from "@mailsmith/shared";
import { GENERATOR_UI } from "@mailsmith/shared";
import { Link } from "react-router";
import { CompareView } from "@/components/email/compare-view";
import { FidelityScore } from "@/components/email/fidelity-score";
import { paths } from "@/config/paths";
import { CodePanel } from "./code-panel";
import { EmailPreview } from "./email-preview";
import { QualityReport } from "./quality-report";
import { WrittenBy } from "./written-by";

/** The design picture for the compare view: the upload in this tab, else the stored design, else its thumbnail. */
export function designSourceOf(template: TTemplateFull, local?: string | null) {
  return local ?? template.designUrl ?? template.thumbnails[0] ?? null;
}

/** One finished generation: preview, score with its parts, design vs result, the report and the code. */
export function GenerationResult({ template, designSrc }: { template: TTemplateFull; designSrc?: string | null }) {
  const design = designSourceOf(template, designSrc);
  return (
    <>
      <EmailPreview html={template.html} />
      <p className="text-sm text-slate-600">
        {GENERATOR_UI.savedTo}{" "}
        <Link to={`${paths.user.templates}/${template._id}`} className="font-semibold text-brand-700 hover:underline">
          {GENERATOR_UI.myTemplates}
        </Link>{" "}
        {GENERATOR_UI.savedAs(template.name)}
      </p>
      <WrittenBy model={template.model} />
      <FidelityScore
        fidelity={
          template.score !== null && template.scoreParts ? { score: template.score, parts: template.scoreParts } : null
        }
        repaired={template.repaired}
      />
      {design && (
        <CompareView designUrl={design} renderedUrl={template.report.previews?.desktop} html={template.html} />
      )}
      <QualityReport report={template.report} templateId={template._id} />
      <CodePanel template={template} />
    </>
  );
}
