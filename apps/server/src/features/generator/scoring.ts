import type { AppContext } from "../../context.js";
import { scoreFidelity } from "../../email-engine/fidelity/score-fidelity.js";

/** The part of the renderer contract (adapters/renderer) the generator uses. */
interface RendererLike {
  render(req: { html: string; width: number; maxHeightPx?: number }): Promise<{
    png: Buffer;
    widthPx: number;
    heightPx: number;
    text: string;
  }>;
}

export interface RenderedEmail {
  png: Buffer;
  widthPx: number;
  heightPx: number;
  text: string;
}

/** Width the result is rendered and compared at (the email's own width). */
export const SCORE_WIDTH_PX = 600;

function rendererOf(ctx: AppContext): RendererLike | undefined {
  return (ctx as unknown as { renderer?: RendererLike }).renderer;
}

/** Renders the email at 600 px; null when no renderer is available (the job goes on without a score). */
export async function renderEmail(ctx: AppContext, html: string): Promise<RenderedEmail | null> {
  const renderer = rendererOf(ctx);
  if (!renderer) return null;
  try {
    const r = await renderer.render({ html, width: SCORE_WIDTH_PX, maxHeightPx: 8000 });
    return { png: r.png, widthPx: r.widthPx, heightPx: r.heightPx, text: r.text };
  } catch (err) {
    ctx.log.warn({ err }, "render for the fidelity score failed; no score");
    return null;
  }
}

/** Fidelity 0–100 of the rendering against the first design image (email-engine/fidelity). */
export function scoreAgainstDesign(design: Buffer, rendered: RenderedEmail, designText?: string) {
  return scoreFidelity({ design, rendered: rendered.png, designText, renderedText: rendered.text });
}
