import { randomUUID } from "node:crypto";
import type { TDesignLayout, TEmailReport, TGenerationFidelity } from "@mailsmith/shared";
import type { AppContext } from "../../../../context.js";
import type { StoredTemplateImage } from "../../../../db/schema/index.js";
import { axeCheck, runAxe } from "../../../../email-engine/checks/axe.js";
import { DESKTOP_WIDTH, thumbnailOf } from "../../../../email-engine/render-report.js";
import { absoluteUrl } from "../../design-images.js";
import { withReaderChecks } from "../local-writer.js";
import { fidelityOutcome } from "../scoring.js";
import { nameFromHtml } from "../template-name.js";
import type { Candidate } from "./candidate.js";
import type { StageContext } from "./stage-context.js";
import type { WrittenEmail } from "./write-email.js";

/** What a finished job saves as its template. */
export interface JobResult {
  html: string;
  text: string;
  subject: string;
  report: TEmailReport;
  images: StoredTemplateImage[];
  score: number | null;
  scoreParts: { structure: number; colour: number; text: number | null } | null;
  repaired: boolean;
  thumbnailUrl: string | null;
  name: string;
  keyId: string | null;
  /** The MJML source when the model wrote MJML (offered as a download). */
  mjml: string | null;
  /** The model that wrote the answer, or "local-reader". */
  model: string;
  /** Closeness to the design with the sections that differ; null when not scored. */
  fidelity?: TGenerationFidelity | null;
  /** What the design reader read in the first design: kept so the template's later versions are scored with it. */
  designLayout: TDesignLayout | null;
}

/**
 * The kept email as the worker saves it: its thumbnail, its report with axe-core's check and the local reader's
 * checks, its name, and its fidelity against the admin's threshold (pictures of the differing sections when below it).
 */
export async function finishResult(
  { deps, job, inputs }: StageContext,
  best: Candidate,
  { written, repaired }: { written: WrittenEmail; repaired: boolean },
): Promise<JobResult> {
  const { ctx } = deps;
  const [thumbnailUrl, finished] = await Promise.all([
    best.rendered ? storeThumbnail(ctx, best.rendered.png, job.userId).catch(() => null) : null,
    finishReport(ctx, best),
  ]);
  return {
    html: best.html,
    text: best.text,
    subject: best.subject,
    report: withReaderChecks(finished, written.checks),
    images: best.images,
    score: best.score ? Math.round(best.score.score) : null,
    scoreParts: best.score?.parts ?? null,
    repaired,
    thumbnailUrl,
    name: nameFromHtml(best.html, best.subject),
    keyId: written.keyId,
    mjml: best.mjml,
    model: written.model,
    fidelity: await fidelityOutcome(ctx, best.score, { jobId: job.id, userId: job.userId }, inputs.threshold),
    designLayout: inputs.layout,
  };
}

/**
 * The kept email's report gets axe-core's check, run once on the stored HTML at 600 px (not
 * on every candidate — candidate selection reads only the fidelity score). An audit that fails costs only its
 * check, as in renderReport.
 */
async function finishReport(ctx: AppContext, best: Candidate): Promise<TEmailReport> {
  if (!best.rendered) return best.report;
  const violations = await runAxe(ctx.renderer, best.html, DESKTOP_WIDTH).catch((err) => {
    ctx.log.warn({ err }, "axe-core audit failed; no axe check");
    return null;
  });
  if (!violations) return best.report;
  const checks = [...best.report.checks.filter((c) => c.id !== "axe"), axeCheck(violations)];
  return { ...best.report, checks, passed: !checks.some((c) => c.status === "fail") };
}

async function storeThumbnail(ctx: AppContext, png: Buffer, ownerId: string): Promise<string> {
  // The email engine's thumbnail (the top at 480 px): a "cover" fit to 300 × 600 here scaled any render shorter than
  // twice its width up and kept its middle — a blank or zoomed card for short emails and wide designs.
  const body = await thumbnailOf(png, "webp");
  const file = await ctx.storage.put({ key: `thumbs/${randomUUID()}.webp`, body, contentType: "image/webp", ownerId });
  return absoluteUrl(ctx.env.publicUrl, file.url);
}
