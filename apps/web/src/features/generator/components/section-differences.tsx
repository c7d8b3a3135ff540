import { GENERATION_FIDELITY_MESSAGES as M, type TFidelitySection } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";

/** One difference of a section, with its detail when it has one (colours, height). */
function differenceLabel(d: TFidelitySection["differences"][number], s: TFidelitySection): string {
  if (d === "colour" && s.designColour && s.emailColour)
    return `${M.differences.colour}: ${M.colourDetail(s.designColour, s.emailColour)}`;
  if (d === "height" && s.heightRatio !== null) return `${M.differences.height}: ${M.heightDetail(s.heightRatio)}`;
  return M.differences[d];
}

/** A section that differs: what differs, the words it lacks, and its design crop beside the email's. */
function SectionDifference({ section }: { section: TFidelitySection }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm font-semibold text-slate-900">
        {M.section(section.index)}
        {section.index !== null && <span className="font-normal text-slate-600"> · {section.similarity} / 100</span>}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {section.differences.map((d) => (
          <Badge key={d} color={d === "missing" || d === "extra" ? "red" : "amber"}>
            {differenceLabel(d, section)}
          </Badge>
        ))}
      </div>
      {section.missingWords.length > 0 && (
        <p className="mt-1.5 text-xs break-words text-slate-700">
          {M.differences.text}: {section.missingWords.join(", ")}
        </p>
      )}
      {section.picture && (
        <figure className="mt-2">
          <div aria-hidden="true" className="grid max-w-xl grid-cols-2 gap-3 text-xs font-medium text-slate-600">
            <span>{section.design ? M.design : M.notInDesign}</span>
            <span>{section.email ? M.email : M.notInEmail}</span>
          </div>
          <img
            src={section.picture}
            alt={M.pictureAlt(section.index)}
            loading="lazy"
            className="mt-1 w-full max-w-xl rounded border border-slate-200"
          />
        </figure>
      )}
    </li>
  );
}

/** The sections of a result that differ from its design, or a line when none stands out. */
export function SectionDifferences({ sections }: { sections: TFidelitySection[] }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">{M.sectionsTitle}</h3>
      {sections.length > 0 ? (
        <ul className="mt-2 space-y-3">
          {sections.map((s) => (
            <SectionDifference key={`${s.index}-${s.email?.top ?? 0}`} section={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{M.noSections}</p>
      )}
    </div>
  );
}
