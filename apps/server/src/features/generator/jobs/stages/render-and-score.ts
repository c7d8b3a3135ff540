import type { TEmailReport, TFidelitySection } from "@mailsmith/shared";
import type { Renderer } from "../../../../adapters/renderer/renderer.js";
import { renderIntoReport } from "../../../../email-engine/render-report.js";
import type { ProcessEmailResult } from "../../../../email-engine/types.js";
import { inSpan } from "../../../../lib/trace.js";
import { type RenderedEmail, renderEmail, scoreAgainstDesign } from "../scoring.js";
import type { StageContext } from "./stage-context.js";

/** A candidate's closeness to the design, with what the repair pass needs. */
export interface CandidateScore {
  score: number;
  parts: { structure: number; colour: number; text: number | null };
  differences: string[];
  /** Per section, when the score has them: the repair pass's close-ups start with the worst. */
  sections?: TFidelitySection[] | null;
  /** Each differing section's design crop beside the email's (PNG), in the order of `sections`. */
  sectionPictures?: Buffer[];
}

/**
 * "rendering": desktop, phone, dark and forced-dark renders; rendered checks and stored previews join the report; the
 * 600 px render is the one scored (null when the browser is unavailable — the report then says so). Candidates are
 * rendered without the axe-core audit: only the email that is kept is audited (finish.ts).
 */
export async function renderCandidate(
  { deps, job }: StageContext,
  processed: ProcessEmailResult,
): Promise<{ rendered: RenderedEmail | null; report: TEmailReport }> {
  const { ctx } = deps;
  const checked = await inSpan("render", {}, () =>
    renderIntoReport(
      { renderer: withoutAudit(ctx.renderer), storage: ctx.storage },
      {
        html: processed.html,
        report: processed.report,
        ownerId: job.id,
        userId: job.userId,
        thumbnail: false,
      },
    ),
  );
  return { rendered: checked.desktop, report: checked.report };
}

/** The renderer as candidates use it: renders, no audit (runAxe then skips the axe check). */
function withoutAudit(renderer: Renderer): Renderer {
  return {
    render: (req) => renderer.render(req),
    status: () => renderer.status(),
    close: () => renderer.close(),
  };
}

/**
 * "scoring": the rendering against the first design, with the design reader's layout for the per-section score.
 * Null without a rendering or a design, or when the score fails (logged; the job goes on).
 */
export async function scoreCandidate(
  { deps, job, inputs }: StageContext,
  html: string,
  rendered: RenderedEmail | null,
  designText: string | undefined,
): Promise<CandidateScore | null> {
  const { ctx } = deps;
  const design = inputs.designs[0];
  if (!rendered || !design) return null;
  return scoreAgainstDesign(
    design,
    rendered,
    designText,
    (w) => renderEmail(ctx, html, w),
    (input) => deps.postProcessor.compare(input),
    { designLayout: inputs.layout, sectionPictures: true },
  ).catch((err) => {
    ctx.log.warn({ err, jobId: job.id }, "fidelity score failed");
    return null;
  });
}
