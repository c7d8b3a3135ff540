import { LOCAL_READER_ENGINE, type TEmailCheck } from "@mailsmith/shared";
import type { ModelImage } from "../../../../adapters/model/model-client.js";
import { inSpan } from "../../../../lib/trace.js";
import type { ParsedAnswer } from "../answer.js";
import { writeWithReader } from "../local-writer.js";
import { callModel } from "../model-call.js";
import { buildPrompt, type PromptInput } from "../prompt.js";
import type { JobInputs, StageContext } from "./stage-context.js";

/**
 * What the model is asked to write. HTML until the MJML-vs-HTML experiment (npm run experiment:mjml-vs-html, decision
 * 059) has been run with a real model; an MJML answer is accepted either way and compiled (its source kept).
 */
export const GENERATION_FORMAT: "html" | "mjml" = "html";

/** The writing stage's outcome: the answer, who wrote it, and the local reader's checks for the report. */
export interface WrittenEmail {
  answer: ParsedAnswer;
  keyId: string | null;
  /** The model that wrote the answer, or "local-reader". */
  model: string;
  /** The local reader's report checks (links to fill in, words to check…); none for a model's answer. */
  checks: TEmailCheck[];
}

/** "writing": the local reader's email, or the prompt, the model call and its answer (the engine fixed at the job's start decides which). */
export async function writeEmail(stage: StageContext): Promise<WrittenEmail> {
  await stage.hooks.stage("writing", 20);
  if (stage.inputs.engine === LOCAL_READER_ENGINE) return writeLocally(stage);
  return { ...(await writeWithModel(stage, firstPrompt(stage.inputs))), checks: [] };
}

/** The part of every prompt (first pass and repair pass) that comes from the generation's inputs. */
export const promptInputs = (inputs: JobInputs): Omit<PromptInput, "previousHtml" | "format" | "repair"> => ({
  emailType: inputs.emailType,
  instructions: inputs.instructions,
  imageCount: inputs.designs.length,
  brandKit: inputs.brandKit,
  layout: inputs.layout,
});

/** The first pass's prompt: the inputs, and for a refinement the template being changed in its own format. */
function firstPrompt(inputs: JobInputs): string {
  return buildPrompt({
    ...promptInputs(inputs),
    previousHtml: inputs.parent?.mjml ?? inputs.parent?.html ?? undefined,
    format: inputs.parent?.mjml ? "mjml" : GENERATION_FORMAT,
  });
}

/** The designs as the model sees them, in upload order. */
export const designImages = ({ job, inputs }: StageContext): ModelImage[] =>
  inputs.designs.map((data, i) => ({ mimeType: job.uploads[i]!.mimeType, data }));

/** The model's answer to the first prompt, streamed to the job's watchers; progress saved at most once a second. */
function writeWithModel(stage: StageContext, prompt: string) {
  const { deps, hooks, inputs } = stage;
  let lastSaved = 0;
  return callModel(deps, {
    keys: inputs.keys,
    prompt,
    images: designImages(stage),
    signal: hooks.signal,
    structured: true,
    onHtml: hooks.html,
    onText: (chars) => {
      const now = Date.now();
      if (now - lastSaved < 1000) return;
      lastSaved = now;
      void hooks.stage("writing", Math.min(60, 20 + Math.floor(chars / 800))).catch(() => {});
    },
  });
}

/**
 * Without a model: the local reader's email from the layout read in "reading", shown whole to the
 * job's watchers at once. Its checks (links to fill in, words to check) join the report at the end.
 */
async function writeLocally(stage: StageContext): Promise<WrittenEmail> {
  const { deps, hooks, inputs } = stage;
  const { answer, checks } = await inSpan("local reader", {}, () =>
    writeWithReader(deps.ctx, {
      designs: inputs.designs,
      layout: inputs.layout,
      instructions: inputs.instructions,
      signal: hooks.signal,
    }),
  );
  hooks.html(answer.html);
  return { answer, keyId: null, model: LOCAL_READER_ENGINE, checks };
}
