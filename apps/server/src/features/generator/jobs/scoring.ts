import type { TDesignLayout, TFidelitySection, TGenerationFidelity } from "@mailsmith/shared";
import { type RenderResult, shownText } from "../../../adapters/renderer/renderer.js";
import type { AppContext } from "../../../context.js";
import { compareWithDesign, type DesignComparison, renderWidthForImage } from "../../../email-engine/fidelity/index.js";
import { PREVIEW_MAX_HEIGHT_PX, storePreviewsIn } from "../../../email-engine/render-report.js";

/** The part of a rendering (adapters/renderer) the score uses. */
export type RenderedEmail = Pick<RenderResult, "png" | "widthPx" | "heightPx" | "text" | "visibleText">;

/** Width the result is rendered and compared at (the email's own width). */
export const SCORE_WIDTH_PX = 600;

/** Renders the email (at 600 px unless told); null when it cannot be rendered (the job goes on without a score). */
export async function renderEmail(
  ctx: AppContext,
  html: string,
  width = SCORE_WIDTH_PX,
): Promise<RenderedEmail | null> {
  try {
    const r = await ctx.renderer.render({ html, width, maxHeightPx: PREVIEW_MAX_HEIGHT_PX, visibleText: true });
    return { png: r.png, widthPx: r.widthPx, heightPx: r.heightPx, text: r.text, visibleText: r.visibleText };
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
  /**
   * The design reader's layout (its text and sections are compared), and whether to draw each
   * differing section's picture pair (kept only when the result ends below the threshold: `fidelityOutcome`).
   */
  opts: { designLayout?: TDesignLayout | null; sectionPictures?: boolean } = {},
) {
  const width = await renderWidthForImage(design);
  const atWidth = width !== rendered.widthPx && rerender ? ((await rerender(width)) ?? rendered) : rendered;
  return compare({
    design,
    rendered: atWidth.png,
    designText,
    renderedText: shownText(atWidth),
    designLayout: opts.designLayout ?? null,
    sectionPictures: opts.sectionPictures ?? false,
  });
}

/**
 * What a finished job keeps of its score: the score, the admin's threshold the job started with
 * (the one its repair pass used), whether the score is below it and the
 * sections that differ. Below the threshold the sections' picture pairs are stored like the previews (under the
 * job's id, owned by the member: the storage sweep keeps them while the job row references them); at or above it
 * the sections are kept without pictures. Null without a score. Never throws: a picture that cannot be stored is
 * left out.
 */
export async function fidelityOutcome(
  ctx: AppContext,
  comparison: (Pick<DesignComparison, "score" | "sectionPictures"> & { sections?: TFidelitySection[] | null }) | null,
  owner: { jobId: string; userId: string },
  threshold: number,
): Promise<TGenerationFidelity | null> {
  if (!comparison) return null;
  const score = Math.round(comparison.score);
  const belowThreshold = score < threshold;
  // The previews' store takes any name (the key is previews/<job>-<name>-<random>.webp); typed for preview names.
  const store = storePreviewsIn(ctx.storage, owner.jobId, owner.userId) as (
    name: string,
    png: Buffer,
  ) => Promise<string>;
  const sections = await Promise.all(
    (comparison.sections ?? []).map(async (s, i) => {
      const png = belowThreshold ? comparison.sectionPictures?.[i] : undefined;
      const picture = png
        ? await store(`section${i + 1}`, png).catch((err) => {
            ctx.log.warn({ err, jobId: owner.jobId }, "section picture could not be stored");
            return null;
          })
        : null;
      return { ...s, picture };
    }),
  );
  return { score, threshold, belowThreshold, sections };
}
