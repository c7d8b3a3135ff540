import {
  EMAIL_CHECK_LIMITS,
  EMAIL_CHECK_MESSAGES,
  type EmailAutofix,
  RENDER_UNAVAILABLE_TEXTS,
  type TAltTexts,
  type TDesignLayout,
  type TEmailCheck,
  type TEmailCheckResponse,
  type TEmailFixResponse,
  type TEmailReport,
} from "@mailsmith/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { RendererUnavailableError, shownText } from "../../adapters/renderer/renderer.js";
import { composeMessage } from "../../adapters/spam/message.js";
import type { SpamScorer } from "../../adapters/spam/spamd.js";
import { deliverabilityChecks, unsubscribeLink } from "../../email-engine/checks/deliverability.js";
import { spamCheck } from "../../email-engine/checks/spam.js";
import { loadEmail } from "../../email-engine/dom.js";
import { readHtmlInput } from "../../email-engine/existing-html.js";
import { compareWithDesign, renderWidthForImage, withImagePlaceholders } from "../../email-engine/fidelity/index.js";
import type { EmailProcessor } from "../../email-engine/pool.js";
import { type RenderOutcome, type StoreAs, withRenderOutcome } from "../../email-engine/render-report.js";
import { picturesWaitingForAlt, prepareReportFixes } from "../../email-engine/report-fixes.js";
import { AppError } from "../../lib/app-error.js";

export interface EmailCheckDeps {
  /** processEmail in the worker pool. */
  processor: EmailProcessor;
  /** Renders the processed email (renderReport: 600 px, 375 px, dark); degrades to render.available = false. */
  render: (html: string, storeAs: StoreAs) => Promise<RenderOutcome>;
  /** One rendering at a given width (for the fidelity score against a design); throws when unavailable. */
  renderAt?: (html: string, width: number) => Promise<{ png: Buffer; text: string; visibleText?: string }>;
  /** The fidelity comparison, in the worker pool in the server (default: on this thread). */
  compare?: typeof compareWithDesign;
  /**
   * The design reader on the mock-up (its words and sections are compared, as in the generator's score); absent or
   * failing (busy, a picture it cannot read), the mock-up is compared on pictures alone.
   */
  readLayout?: (design: Buffer, signal: AbortSignal) => Promise<TDesignLayout>;
  /** The site's own origins: pictures there load in the renderer (they are not replaced for the fidelity render). */
  ownOrigins?: readonly string[];
  /** SpamAssassin's spamd (SPAMD_URL); absent: the spam check says scoring is unavailable. */
  spam?: SpamScorer;
  log: { error(obj: unknown, msg: string): void };
}

/** Who the email is scored as coming from: the member (name and address). */
export interface Sender {
  name?: string;
  address: string;
}

/** Preview pictures quality: legible text at a fraction of the PNG's size. */
const PREVIEW_WEBP_QUALITY = 72;
/** The pictures a check answers with: the five renders (no thumbnail: a check has no history entry). */
const KEPT_PREVIEWS = new Set(["desktop", "mobile", "dark", "darkForced", "outlook"]);

/**
 * A check is not saved anywhere, so its previews travel inside the answer as data: URLs of WebP pictures
 * (docs/decisions/026-check-my-email.md): nothing to store, expire or authorise, and the app's CSP allows data:
 * images. The thumbnail is refused (renderReport is not asked for one).
 */
export const previewAsDataUrl: StoreAs = async (name, png) => {
  if (!KEPT_PREVIEWS.has(name)) throw new Error(`preview ${name} is not sent with a check`);
  const webp = await sharp(png).webp({ quality: PREVIEW_WEBP_QUALITY }).toBuffer();
  return `data:image/webp;base64,${webp.toString("base64")}`;
};

/**
 * Check my email: validates the input (413 / 400), runs the email engine on it as an existing email (its own
 * document and skeleton kept), renders the result and merges both into one report.
 */
export async function checkEmail(
  deps: EmailCheckDeps,
  input: {
    html: string | Buffer | undefined;
    design?: string | Buffer;
    sender?: Sender;
    language?: string;
    /** Aborted when the member's request is gone (the page closed): the mock-up's reading stops with it. */
    signal?: AbortSignal;
  },
): Promise<TEmailCheckResponse> {
  const html = await readHtmlInput(input.html);
  const design = input.design === undefined ? undefined : await readDesign(input.design);
  // Read while the email is processed and rendered: the reading takes about as long as the renders. A check that
  // fails on the way (an email the engine refuses), or whose member has gone, cancels it, so it does not hold the
  // reader's line for nothing.
  const cancel = new AbortController();
  const signal = input.signal ? AbortSignal.any([cancel.signal, input.signal]) : cancel.signal;
  const reading = design ? layoutOf(deps, design, signal) : null;
  const { processed, rendered, report } = await (async () => {
    const processed = await deps.processor.run({ html, source: "existing", language: input.language });
    return { processed, ...(await fullReport(deps, processed, input.sender)) };
  })().catch((err: unknown) => {
    cancel.abort(new Error("the check failed"));
    throw err;
  });
  return {
    success: true,
    html: processed.html,
    text: processed.text,
    subject: processed.subject,
    report,
    altPictures: picturesWaitingForAlt(processed.html),
    // (Nobody waits for the score of a check whose member has gone: it is not rendered.)
    ...(design && !input.signal?.aborted
      ? { fidelity: await fidelityAgainst(deps, processed.html, design, await reading, rendered.renders?.desktop) }
      : {}),
  };
}

/** Renders a processed email for its report; a failure costs the previews, never the answer. */
async function renderOrDegrade(deps: EmailCheckDeps, html: string): Promise<RenderOutcome> {
  try {
    return await deps.render(html, previewAsDataUrl);
  } catch (err) {
    // renderReport degrades by itself when the browser cannot start; anything else must not cost the answer.
    deps.log.error({ err }, "email check: rendering failed");
    return {
      render: { available: false, reason: RENDER_UNAVAILABLE_TEXTS.browserFailed },
      checks: [
        {
          id: "render.unavailable",
          title: RENDER_UNAVAILABLE_TEXTS.title,
          status: "warn",
          reason: RENDER_UNAVAILABLE_TEXTS.browserFailed,
        },
      ],
    };
  }
}

/**
 * One-click fixes (POST /api/email-fix): the report's fixes — the same as a template's,
 * from the engine's one home (prepareReportFixes) — on the email as shown, processed as on Check my email, every
 * change listed, and the fixed email's full report (rendered checks and previews) and plain text. Nothing is saved.
 */
export async function fixEmail(
  deps: EmailCheckDeps,
  input: { html: string | undefined; fixes: EmailAutofix[]; alts?: TAltTexts; sender?: Sender; language?: string },
): Promise<TEmailFixResponse> {
  const given = await readHtmlInput(input.html);
  const { html, groups } = prepareReportFixes(given, {
    fixes: input.fixes,
    alts: input.alts,
    ownOrigins: deps.ownOrigins,
  });
  const processed = await deps.processor.run({
    html,
    source: "existing",
    // The member's language: the email's lang when its text is too short to tell.
    language: input.language,
    ...(groups.length ? { fixes: groups } : {}),
  });
  const { report } = await fullReport(deps, processed, input.sender);
  return {
    success: true,
    html: processed.html,
    text: processed.text,
    changes: processed.fixes,
    report,
    altPictures: picturesWaitingForAlt(processed.html),
  };
}

/** The processed email's report with the rendered checks and the sending checks, worked out side by side. */
async function fullReport(
  deps: EmailCheckDeps,
  processed: { html: string; text: string; subject: string; report: TEmailFixResponse["report"] },
  sender: Sender | undefined,
): Promise<{ rendered: RenderOutcome; report: TEmailFixResponse["report"] }> {
  const [rendered, sending] = await Promise.all([
    renderOrDegrade(deps, processed.html),
    sendingChecks(deps, processed, sender),
  ]);
  return { rendered, report: withRenderOutcome(withSendingChecks(processed.report, sending), rendered) };
}

/** Without a signed-in member's address (the CLI, tests): a sender on a reserved domain. */
const NO_SENDER: Sender = { address: "sender@example.com" };

/**
 * The spam score and the deliverability checks of the email as sent: SpamAssassin scores the RFC 5322
 * message from the member's address; spamd down or not configured costs only the spam check ("unavailable").
 */
async function sendingChecks(
  deps: EmailCheckDeps,
  processed: { html: string; text: string; subject: string },
  sender: Sender = NO_SENDER,
): Promise<TEmailCheck[]> {
  const checks = deliverabilityChecks(processed.html, sender.address);
  let result = null;
  if (deps.spam) {
    try {
      const unsubscribeUrl = unsubscribeLink(loadEmail(processed.html));
      const message = await composeMessage({
        from: sender,
        subject: processed.subject,
        html: processed.html,
        text: processed.text,
        ...(unsubscribeUrl && /^(?:https?|mailto):/i.test(unsubscribeUrl) ? { unsubscribeUrl } : {}),
      });
      result = await deps.spam.score(message);
    } catch (err) {
      deps.log.error({ err }, "email check: spam scoring failed");
    }
  }
  return [spamCheck(result), ...checks];
}

function withSendingChecks(report: TEmailReport, checks: TEmailCheck[]): TEmailReport {
  const all = [...report.checks, ...checks];
  return { ...report, checks: all, passed: !all.some((c) => c.status === "fail") };
}

const DESIGN_TYPES = new Set<string>(EMAIL_CHECK_LIMITS.designMimeTypes);

/** The design image: sniffed by content (not by its name or declared type), size-limited, and really decodable. */
export async function readDesign(input: string | Buffer): Promise<Buffer> {
  if (typeof input === "string") throw new AppError("DESIGN_TYPE", EMAIL_CHECK_MESSAGES.designType, 400);
  if (input.length > EMAIL_CHECK_LIMITS.maxDesignBytes)
    throw new AppError("DESIGN_TOO_LARGE", EMAIL_CHECK_MESSAGES.designTooLarge, 413);
  const type = await fileTypeFromBuffer(input);
  if (!type || !DESIGN_TYPES.has(type.mime)) throw new AppError("DESIGN_TYPE", EMAIL_CHECK_MESSAGES.designType, 400);
  try {
    // A real decode (a small one), not only the header: a PNG signature on a broken body is refused here.
    await sharp(input, { animated: false, limitInputPixels: 50_000_000 }).resize({ width: 16 }).raw().toBuffer();
  } catch {
    throw new AppError("DESIGN_UNREADABLE", EMAIL_CHECK_MESSAGES.designUnreadable, 400);
  }
  return input;
}

/** The design reader's layout of the mock-up; null when there is no reader or it cannot read this picture. */
async function layoutOf(deps: EmailCheckDeps, design: Buffer, signal: AbortSignal): Promise<TDesignLayout | null> {
  if (!deps.readLayout) return null;
  try {
    return await deps.readLayout(design, signal);
  } catch (err) {
    // A picture the reader refuses (no email-like structure) or a busy reader is expected: the score does without.
    if (!(err instanceof AppError) && !signal.aborted) deps.log.error({ err }, "email check: the design reader failed");
    return null;
  }
}

/**
 * Renders the processed email at the design's width (natural width, @2x halved, clamped 320–1000 px) and scores
 * it against the design; a 600 px design reuses the report's desktop render. Null when the email
 * cannot be rendered: the rest of the check stands.
 */

async function fidelityAgainst(
  deps: EmailCheckDeps,
  html: string,
  design: Buffer,
  layout: TDesignLayout | null,
  desktop?: { png: Buffer; text: string; visibleText?: string; widthPx: number },
) {
  if (!deps.renderAt) return null;
  try {
    const width = await renderWidthForImage(design);
    // Pictures the renderer cannot load (it has no network) as grey boxes of their size, not collapsed, so the
    // layout compared is the one the member's readers see.
    const compared = withImagePlaceholders(html, deps.ownOrigins);
    const r = desktop?.widthPx === width && compared === html ? desktop : await deps.renderAt(compared, width);
    const { score, parts } = await (deps.compare ?? compareWithDesign)({
      design,
      rendered: r.png,
      // The words a person sees (no hidden preheader), as the generator's score (decision 145).
      renderedText: shownText(r),
      designLayout: layout,
    });
    const picture = await sharp(r.png)
      .resize({ width: Math.min(width, 800), withoutEnlargement: true })
      .webp({ quality: PREVIEW_WEBP_QUALITY })
      .toBuffer();
    return { score, parts, rendered: `data:image/webp;base64,${picture.toString("base64")}` };
  } catch (err) {
    // No browser is an expected state (the report says so); anything else is worth a log line.
    if (!(err instanceof RendererUnavailableError))
      deps.log.error({ err }, "email check: fidelity against the design failed");
    return null;
  }
}
