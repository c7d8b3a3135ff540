import type { TEmailReport } from "@mailsmith/shared";
import type { StoredTemplateImage } from "../../../../db/schema/index.js";
import type { ParsedAnswer } from "../answer.js";
import type { RenderedEmail } from "../scoring.js";
import { runEmailEngine } from "./email-engine-pass.js";
import { placePictures } from "./pictures.js";
import { type CandidateScore, renderCandidate, scoreCandidate } from "./render-and-score.js";
import type { StageContext } from "./stage-context.js";

/** One answer made into an email: what would be saved, its rendering and its score. */
export interface Candidate {
  html: string;
  text: string;
  subject: string;
  report: TEmailReport;
  images: StoredTemplateImage[];
  rendered: RenderedEmail | null;
  mjml: string | null;
  score: CandidateScore | null;
}

/** "checking" (pictures, then the email engine), "rendering" and "scoring" of one answer. */
export async function buildCandidate(
  stage: StageContext,
  answer: ParsedAnswer,
  inherited: StoredTemplateImage[],
): Promise<Candidate> {
  const { deps, job, hooks, inputs, aborted } = stage;
  aborted();
  await hooks.stage("checking", 65);
  const { html, mjml, images } = await placePictures(deps.ctx, answer, inputs.designs, inherited, job.userId);
  const processed = await runEmailEngine(stage, { html, mjml, subject: answer.subject, preheader: answer.preheader });
  aborted();
  await hooks.stage("rendering", 75);
  const { rendered, report } = await renderCandidate(stage, processed);
  aborted();
  await hooks.stage("scoring", 85);
  const score = await scoreCandidate(stage, processed.html, rendered, answer.designText);
  return {
    html: processed.html,
    text: processed.text,
    subject: processed.subject,
    report,
    images,
    rendered,
    mjml,
    score,
  };
}
