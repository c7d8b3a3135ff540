import type { RenderResult } from "../../../adapters/renderer/renderer.js";
import type { AppContext } from "../../../context.js";
import { compareWithDesign, renderWidthForImage } from "../../../email-engine/fidelity/index.js";
import { PREVIEW_MAX_HEIGHT_PX } from "../../../email-engine/render-report.js";

/** The part of a rendering (adapters/renderer) the score uses. */
export type RenderedEmail = Pick<RenderResult, "png" | "widthPx" | "heightPx" | "text">;

/** Width the result is rendered and compared at (the email's own width). */
export const SCORE_WIDTH_PX = 600;

/** Renders the email (at 600 px unless told); null when it cannot be rendered (the job goes on without a score). */
export async function renderEmail(
  ctx: AppContext,
  html: string,
  width = SCORE_WIDTH_PX,
): Promise<RenderedEmail | null> {
  try {
    const r = await ctx.renderer.render({ html, width, maxHeightPx: PREVIEW_MAX_HEIGHT_PX });
    return { png: r.png, widthPx: r.widthPx, heightPx: r.heightPx, text: r.text };
  } catch (err) {
    ctx.log.warn({ err }, "render for the fidelity score failed; no score");
    return null;
  }
}

/**
 * Fidelity 0–100 of the rendering against the first design image, with the differences for the repair pass
 * (email-engine/fidelity). The email is compared as rendered at the design's own width (natural width, @2x exports
 * halved, clamped to 320–1000 px): when that is not the width of `rendered`, `rerender` draws it at that width.
 */
export async function scoreAgainstDesign(
  design: Buffer,
  rendered: RenderedEmail,
  designText?: string,
  rerender?: (width: number) => Promise<RenderedEmail | null>,
  /** Where the comparison runs: the email engine's worker pool in the server (off the event loop). */
  compare: typeof compareWithDesign = compareWithDesign,
) {
  const width = await renderWidthForImage(design);
  const atWidth = width !== rendered.widthPx && rerender ? ((await rerender(width)) ?? rendered) : rendered;
  return compare({ design, rendered: atWidth.png, designText, renderedText: atWidth.text });
}
