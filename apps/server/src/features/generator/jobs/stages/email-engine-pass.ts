import type { ProcessEmailResult } from "../../../../email-engine/types.js";
import { applyBrandKit } from "../brand-pass.js";
import type { StageContext } from "./stage-context.js";

/**
 * "checking", second part (decision 117): the engine's passes and checks with the accessibility fixes; with a brand
 * kit, its fonts and colours (decision 113) and then the engine once more on the branded email (as an existing
 * document: no second skeleton), so the contrast repair runs after the kit's colours are set and the report's checks
 * describe the email the member gets. Without a kit, one engine run.
 */
export async function runEmailEngine(
  { deps, inputs }: StageContext,
  answer: { html: string; mjml: string | null; subject?: string; preheader?: string },
): Promise<ProcessEmailResult> {
  const engine = await deps.postProcessor.run({
    html: answer.html,
    subject: answer.subject,
    preheader: answer.preheader,
    // Compiled MJML is a whole, well-formed document whose <style> carries the column widths and stacking: keep it
    // as a member's email is kept (still sanitised). Our skeleton would undo MJML's layout.
    source: answer.mjml ? "existing" : "generated",
    // Generated emails get the one-click accessibility fixes by default.
    fixes: ["accessibility"],
    language: inputs.language,
  });
  if (!inputs.brandKit) return engine;
  const branded = applyBrandKit(engine.html, inputs.brandKit, inputs.designPalette);
  if (branded === engine.html) return engine;
  const final = await deps.postProcessor.run({
    html: branded,
    subject: engine.subject,
    preheader: engine.preheader,
    source: "existing",
    fixes: ["accessibility"],
    language: inputs.language,
  });
  const changes = [...new Set([...engine.report.changes, ...final.report.changes])];
  return { ...final, report: { ...final.report, changes }, fixes: [...engine.fixes, ...final.fixes] };
}
