import type { TEmailCheckResponse } from "@mailsmith/shared";
import sharp from "sharp";
import { readHtmlInput } from "../../email-engine/existing-html.js";
import type { EmailProcessor } from "../../email-engine/pool.js";
import { type RenderOutcome, type StoreAs, withRenderOutcome } from "../../email-engine/render-report.js";

export interface EmailCheckDeps {
  /** processEmail in the worker pool. */
  processor: EmailProcessor;
  /** Renders the processed email (renderReport: 600 px, 375 px, dark); degrades to render.available = false. */
  render: (html: string, storeAs: StoreAs) => Promise<RenderOutcome>;
  log: { error(obj: unknown, msg: string): void };
}

/** Preview pictures quality: legible text at a fraction of the PNG's size. */
const PREVIEW_WEBP_QUALITY = 72;
/** The pictures a check answers with (the forced-dark render still feeds the checks; its picture is not sent). */
const KEPT_PREVIEWS = new Set(["desktop", "mobile", "dark"]);

/**
 * A check is not saved anywhere, so its previews travel inside the answer as data: URLs of WebP pictures
 * (docs/decisions/029-email-check-previews.md): nothing to store, expire or authorise, and the app's CSP allows data:
 * images. Pictures not kept (forced dark, thumbnail) are refused, and renderReport leaves them out.
 */
export const previewAsDataUrl: StoreAs = async (name, png) => {
  if (!KEPT_PREVIEWS.has(name)) throw new Error(`preview ${name} is not sent with a check`);
  const webp = await sharp(png).webp({ quality: PREVIEW_WEBP_QUALITY }).toBuffer();
  return `data:image/webp;base64,${webp.toString("base64")}`;
};

const RENDER_FAILED_REASON = "Not rendered: the rendering browser failed on this email.";

/**
 * Check my email: validates the input (413 / 400), runs the email engine on it as an existing email (its own
 * document and skeleton kept), renders the result and merges both into one report.
 */
export async function checkEmail(
  deps: EmailCheckDeps,
  input: { html: string | Buffer | undefined },
): Promise<TEmailCheckResponse> {
  const html = await readHtmlInput(input.html);
  const processed = await deps.processor.run({ html, source: "existing" });
  let rendered: RenderOutcome;
  try {
    rendered = await deps.render(processed.html, previewAsDataUrl);
  } catch (err) {
    // renderReport degrades by itself when the browser cannot start; anything else must not cost the answer.
    deps.log.error({ err }, "email check: rendering failed");
    rendered = {
      render: { available: false, reason: RENDER_FAILED_REASON },
      checks: [{ id: "render.unavailable", title: "Rendered checks", status: "warn", reason: RENDER_FAILED_REASON }],
    };
  }
  return {
    success: true,
    html: processed.html,
    text: processed.text,
    subject: processed.subject,
    report: withRenderOutcome(processed.report, rendered),
  };
}
