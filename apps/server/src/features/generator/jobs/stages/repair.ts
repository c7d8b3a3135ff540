import { JobAborted } from "../failures.js";
import { callModel } from "../model-call.js";
import { buildPrompt } from "../prompt.js";
import { repairSectionCrops } from "../section-crops.js";
import { buildCandidate, type Candidate } from "./candidate.js";
import type { StageContext } from "./stage-context.js";
import { designImages, GENERATION_FORMAT, promptInputs } from "./write-email.js";

/**
 * "repair": one pass inside the same credit when a model's first result scores below the admin's threshold
 * (decisions 058, 136): the design, the rendering, close-ups of the sections that differ most and the differences go
 * back to the model. The better-scoring result, or null to keep the first (a failed pass included).
 */
export async function repairPass(stage: StageContext, best: Candidate): Promise<Candidate | null> {
  const { deps, job, hooks, inputs } = stage;
  if (!best.score || !best.rendered || best.score.score >= inputs.threshold) return null;
  try {
    // Close-ups of the sections that differ most, after the design and the whole rendering.
    const design = inputs.designs[0];
    const crops = design
      ? await repairSectionCrops({
          design,
          rendered: best.rendered.png,
          scored: best.score.sections ?? null,
          layout: inputs.layout,
        })
      : [];
    const second = await callModel(deps, {
      keys: inputs.keys,
      prompt: buildPrompt({
        ...promptInputs(inputs),
        previousHtml: best.mjml ?? best.html,
        format: best.mjml ? "mjml" : GENERATION_FORMAT,
        repair: {
          score: best.score.score,
          differences: [...differences(best.score.parts), ...best.score.differences],
        },
        sectionCrops: crops.length / 2,
      }),
      images: [...designImages(stage), { mimeType: "image/png", data: best.rendered.png }, ...crops],
      signal: hooks.signal,
      structured: true,
    });
    const candidate = await buildCandidate(stage, second.answer, best.images);
    return candidate.score && candidate.score.score > best.score.score ? candidate : null;
  } catch (err) {
    if (err instanceof JobAborted) throw err;
    deps.ctx.log.warn({ err, jobId: job.id }, "repair pass failed; keeping the first result");
    return null;
  }
}

/** The score's parts below 80, in words the model can act on. */
function differences(parts: { structure: number; colour: number; text: number | null }): string[] {
  const out: string[] = [];
  if (parts.structure < 80)
    out.push(
      `Layout similarity ${Math.round(parts.structure)}/100: match the sections, their order, heights and columns.`,
    );
  if (parts.colour < 80)
    out.push(`Colour similarity ${Math.round(parts.colour)}/100: use the design's exact background and text colours.`);
  if (parts.text !== null && parts.text < 80)
    out.push(`Text similarity ${Math.round(parts.text)}/100: use the design's exact words, in the same order.`);
  return out.length ? out : ["Match the design more closely."];
}
