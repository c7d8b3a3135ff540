import { randomBytes } from "node:crypto";
import type { TEmailCheck, TEmailPreviews, TEmailReport } from "@mailsmith/shared";
import { EMAIL_CHECK_TEXTS, RENDER_UNAVAILABLE_TEXTS } from "@mailsmith/shared";
import sharp, { type Sharp } from "sharp";
import { diffImages } from "../adapters/renderer/image-diff.js";
import { type Renderer, RendererUnavailableError, type RenderResult } from "../adapters/renderer/renderer.js";
import type { StorageAdapter } from "../adapters/storage/storage.js";
import { type AxeViolation, axeCheck, runAxe } from "./checks/axe.js";
import { darkModeCheck } from "./fixes/dark-mode.js";
import { approximateOutlook } from "./outlook/approximate.js";
import { outlookDifferencesCheck } from "./outlook/differences.js";

/**
 * Check by rendering (decision 025): the processed email rendered at 600 px and 375 px, in dark mode
 * (prefers-color-scheme: dark) and in a simulated forced dark mode; checks on what a reader would see, pictures to
 * look at side by side, and a small thumbnail for history lists.
 */

export const DESKTOP_WIDTH = 600;
export const MOBILE_WIDTH = 375;
/** Sideways overflow tolerated on a phone before the check fails (sub-pixel rounding, a stray border). */
export const OVERFLOW_TOLERANCE_PX = 2;
/** Above this height (at 600 px) the report warns. */
export const LONG_EMAIL_PX = 5000;
/** Preview pictures are cut at this height. */
export const PREVIEW_MAX_HEIGHT_PX = 8000;
/** Thumbnails for history cards (up to ~370 CSS px wide): 480 px, so the text stays sharp on a high-density screen. */
export const THUMBNAIL = { width: 480, height: 640 };

/** Stores one picture (PNG) and returns the URL it is read from. */
export type StoreAs = (name: PreviewName | "thumbnail", png: Buffer) => Promise<string>;
export type PreviewName = keyof TEmailPreviews;

export interface RenderOutcome {
  render: NonNullable<TEmailReport["render"]>;
  checks: TEmailCheck[];
  previews?: TEmailPreviews;
  thumbnail?: string;
  /** The renders themselves (not stored in reports): e.g. the 600 px one for the fidelity score. */
  renders?: Record<PreviewName, RenderResult>;
  /** axe-core's violations on the 600 px rendering; absent when the renderer has no audit. */
  axe?: AxeViolation[];
}

export interface RenderReportOptions {
  /** Where the pictures go; without it nothing is stored (checks only). */
  storeAs?: StoreAs;
  /** Also store a thumbnail (`THUMBNAIL`: the top of the desktop render at 480 px) (needs storeAs). */
  thumbnail?: boolean;
}

function unavailable(reason: string): RenderOutcome {
  return {
    render: { available: false, reason },
    checks: [
      {
        id: "render.unavailable",
        title: RENDER_UNAVAILABLE_TEXTS.title,
        status: "warn",
        reason,
        fix: RENDER_UNAVAILABLE_TEXTS.fix,
      },
    ],
  };
}

export function overflowCheck(mobile: Pick<RenderResult, "overflowPx">): TEmailCheck {
  const px = mobile.overflowPx;
  const base = { id: "render.overflow-375", title: EMAIL_CHECK_TEXTS.overflow.title };
  if (px > OVERFLOW_TOLERANCE_PX) {
    return {
      ...base,
      status: "fail",
      reason: EMAIL_CHECK_TEXTS.overflow.tooWide(px, MOBILE_WIDTH),
      fix: EMAIL_CHECK_TEXTS.overflow.tooWideFix,
    };
  }
  return { ...base, status: "pass", reason: EMAIL_CHECK_TEXTS.overflow.pass(MOBILE_WIDTH) };
}

export function heightCheck(desktop: Pick<RenderResult, "heightPx">): TEmailCheck {
  const h = desktop.heightPx;
  const base = { id: "render.height", title: EMAIL_CHECK_TEXTS.height.title };
  if (h > LONG_EMAIL_PX) {
    return {
      ...base,
      status: "warn",
      reason: EMAIL_CHECK_TEXTS.height.tooLong(h, DESKTOP_WIDTH),
      fix: EMAIL_CHECK_TEXTS.height.tooLongFix,
    };
  }
  return { ...base, status: "pass", reason: EMAIL_CHECK_TEXTS.height.pass(h, DESKTOP_WIDTH) };
}

/**
 * The top of the email at thumbnail width. Width first, then the height: a "cover" fit scaled an email too short to
 * fill the thumbnail's height up and kept its middle — a blank strip for a short, left-aligned email. A short email
 * is extended downwards with the colour of its last row instead. PNG by default; `webp` encodes it straight to the
 * format it is stored in (not PNG first and WebP from that).
 */
export async function thumbnailOf(png: Buffer, format: "png" | "webp" = "png"): Promise<Buffer> {
  const encode = (picture: Sharp) => (format === "webp" ? picture.webp() : picture.png()).toBuffer();
  const { data, info } = await sharp(png)
    .resize({ width: THUMBNAIL.width })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const picture = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (info.height >= THUMBNAIL.height) {
    return encode(picture.extract({ left: 0, top: 0, width: THUMBNAIL.width, height: THUMBNAIL.height }));
  }
  const last = (info.height - 1) * info.width * info.channels;
  const [r = 255, g = 255, b = 255] = data.subarray(last, last + 3);
  return encode(picture.extend({ bottom: THUMBNAIL.height - info.height, background: { r, g, b } }));
}

/**
 * Renders the email five times (desktop 600 px; phone 375 px; phone in dark mode; phone in forced dark mode; classic
 * Outlook approximated at 600 px) with the renderer's bounded concurrency, and returns the render summary, the
 * rendered checks and — when storeAs is
 * given — the stored pictures. Never throws for the browser: when it cannot start or fails on this email the
 * outcome says so with one "render.unavailable" warning. A picture that cannot be stored is left out.
 */
export async function renderReport(
  renderer: Renderer,
  html: string,
  opts: RenderReportOptions = {},
): Promise<RenderOutcome> {
  const maxHeightPx = PREVIEW_MAX_HEIGHT_PX;
  let shots: Record<PreviewName, RenderResult>;
  // axe-core beside the renders (its own page); an audit that fails costs only its check.
  const audit = runAxe(renderer, html, DESKTOP_WIDTH).catch(() => null);
  const approximation = approximateOutlook(html);
  try {
    const [desktop, mobile, dark, darkForced, outlook] = await Promise.all([
      // The desktop render is the one the fidelity score compares: it also reads the words a person sees.
      renderer.render({ html, width: DESKTOP_WIDTH, maxHeightPx, visibleText: true }),
      renderer.render({ html, width: MOBILE_WIDTH, maxHeightPx }),
      renderer.render({ html, width: MOBILE_WIDTH, colorScheme: "dark", maxHeightPx }),
      renderer.render({ html, width: MOBILE_WIDTH, forcedDark: true, maxHeightPx }),
      // Classic Outlook approximated: the Word engine's reading of the email, drawn at 600 px.
      renderer.render({ html: approximation.html, width: DESKTOP_WIDTH, maxHeightPx }),
    ]);
    shots = { desktop, mobile, dark, darkForced, outlook };
  } catch (err) {
    if (err instanceof RendererUnavailableError)
      return unavailable(RENDER_UNAVAILABLE_TEXTS.rendererUnavailable(err.message));
    return unavailable(RENDER_UNAVAILABLE_TEXTS.browserFailedWith((err as Error).message));
  }

  const outcome: RenderOutcome = {
    render: {
      available: true,
      widthPx: DESKTOP_WIDTH,
      heightPx: shots.desktop.heightPx,
      mobileOverflowPx: shots.mobile.overflowPx,
    },
    checks: [overflowCheck(shots.mobile), heightCheck(shots.desktop)],
    renders: shots,
  };
  const outlookDiff = await diffImages(shots.desktop.png, shots.outlook.png).catch(() => null);
  outcome.checks.push(outlookDifferencesCheck(approximation.changes, outlookDiff?.mismatchRatio ?? null));
  outcome.checks.push(darkModeCheck(html));
  const axe = await audit;
  if (axe) {
    outcome.axe = axe;
    outcome.checks.push(axeCheck(axe));
  }
  const store = opts.storeAs;
  if (!store) return outcome;

  const names = Object.keys(shots) as PreviewName[];
  const stored = await Promise.allSettled(names.map((name) => store(name, shots[name].png)));
  const previews: TEmailPreviews = {};
  stored.forEach((s, i) => {
    if (s.status === "fulfilled") previews[names[i]!] = s.value;
  });
  outcome.previews = previews;
  if (opts.thumbnail) {
    outcome.thumbnail = await thumbnailOf(shots.desktop.png)
      .then((png) => store("thumbnail", png))
      .catch(() => undefined);
  }
  return outcome;
}

/** Adds a render outcome to a post-processing report: its checks, the render summary, previews; `passed` again. */
export function withRenderOutcome(report: TEmailReport, outcome: RenderOutcome): TEmailReport {
  const checks = [
    ...report.checks.filter(
      (c) =>
        !c.id.startsWith("render.") &&
        c.id !== "axe" &&
        c.id !== "outlook-differences" &&
        c.id !== "dark-mode.vanishing",
    ),
    ...outcome.checks,
  ];
  return {
    ...report,
    checks,
    passed: !checks.some((c) => c.status === "fail"),
    render: outcome.render,
    ...(outcome.previews ? { previews: outcome.previews } : {}),
  };
}

/**
 * For the generator, in one call after post-processing: renders the email, stores the four pictures and the
 * thumbnail under `ownerId` (the template or job id) and merges the rendered checks, summary and previews into the
 * report (`passed` recomputed). `desktop` is the 600 px render (null when the browser is unavailable), so the
 * fidelity score needs no second render. Never throws for the browser or the storage.
 */
export async function renderIntoReport(
  deps: { renderer: Renderer; storage: StorageAdapter },
  input: { html: string; report: TEmailReport; ownerId: string; userId?: string; thumbnail?: boolean },
): Promise<{ report: TEmailReport; thumbnailUrl: string | null; desktop: RenderResult | null }> {
  const outcome = await renderReport(deps.renderer, input.html, {
    storeAs: storePreviewsIn(deps.storage, input.ownerId, input.userId),
    thumbnail: input.thumbnail ?? true,
  });
  return {
    report: withRenderOutcome(input.report, outcome),
    thumbnailUrl: outcome.thumbnail ?? null,
    desktop: outcome.renders?.desktop ?? null,
  };
}

/** WebP quality of stored previews: legible text at a fraction of the PNG's size. */
const STORED_WEBP_QUALITY = 72;

/**
 * Stores pictures as WebP through the storage adapter under `previews/<ownerId>-<name>-<random>.webp` (a random
 * part, because storage keys are write-once and a template may be rendered again).
 */
export function storePreviewsIn(storage: StorageAdapter, ownerId: string, userId?: string): StoreAs {
  const owner = ownerId.toLowerCase().replace(/[^a-z0-9-]/g, "");
  return async (name, png) => {
    const body = await sharp(png).webp({ quality: STORED_WEBP_QUALITY }).toBuffer();
    const slug = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const key = `previews/${owner}-${slug}-${randomBytes(4).toString("hex")}.webp`;
    const file = await storage.put({ key, body, contentType: "image/webp", ownerId: userId });
    return file.url;
  };
}
