import type { TDesignLayout } from "@mailsmith/shared";
import sharp from "sharp";
import type { ModelImage } from "../../../adapters/model/model-client.js";

/**
 * The repair pass's close-ups (decision 122): the sections of the design that differ most from the
 * rendered first attempt, each as a pair of crops — the design's section, then the same part of the rendering — so the
 * model sees the detail a whole-page picture shrinks away. The sections come from the per-section score when it has
 * them (spans and similarity); else from the design reader's sections, each matched to the same share of the
 * rendering's height and ranked by the pixel difference of the two crops.
 */

/** Top and height as shares (0…1) of the picture's height. */
export interface Span {
  top: number;
  height: number;
}

/** A section as the per-section score describes it: where it is on both sides and how alike they look (0–100). */
export interface ScoredSpan {
  design: Span | null;
  email: Span | null;
  similarity: number;
}

/** Pairs sent at most (each pair is two pictures beside the design and the rendering). */
export const REPAIR_SECTION_CROPS = 2;
/** Sections this alike (0–100) or more are not worth a close-up. */
const ALIKE = 90;
/** A crop is at most this wide (the email's width) and this tall (CSS pixels). */
const MAX_WIDTH = 600;
const MAX_HEIGHT = 900;
/** The pixel comparison's width (enough to see blocks and colours, cheap to compare). */
const COMPARE_WIDTH = 48;

async function crop(png: Buffer, span: Span): Promise<Buffer | null> {
  const meta = await sharp(png).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const top = Math.max(0, Math.floor(span.top * height));
  const h = Math.min(height - top, Math.ceil(span.height * height));
  if (width < 1 || h < 4) return null;
  return sharp(png)
    .extract({ left: 0, top, width, height: h })
    .resize({ width: Math.min(width, MAX_WIDTH), height: MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** Mean absolute difference (0–255) of two crops scaled to the same small size. */
async function pixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const small = async (png: Buffer) => {
    const meta = await sharp(png).metadata();
    const h = Math.max(4, Math.round(((meta.height ?? 1) / (meta.width ?? 1)) * COMPARE_WIDTH));
    return { png, h };
  };
  const [sa, sb] = await Promise.all([small(a), small(b)]);
  const h = Math.min(64, Math.max(sa.h, sb.h));
  const raw = (png: Buffer) =>
    sharp(png).resize({ width: COMPARE_WIDTH, height: h, fit: "fill" }).removeAlpha().raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

/** The design reader's sections as spans, the rendering's part taken at the same share of its height. */
export function layoutSpans(layout: TDesignLayout): ScoredSpan[] {
  const h = Math.max(1, layout.height);
  return layout.sections.map((s) => {
    const span = { top: s.box.y / h, height: s.box.height / h };
    return { design: span, email: span, similarity: -1 };
  });
}

/**
 * The close-up pairs for the repair pass: from the scored sections (lowest similarity first, the alike ones left out),
 * else the layout's sections ranked by pixel difference. Empty when there is nothing to crop; never throws.
 */
export async function repairSectionCrops(opts: {
  design: Buffer;
  rendered: Buffer;
  scored?: ScoredSpan[] | null;
  layout: TDesignLayout | null;
}): Promise<ModelImage[]> {
  try {
    const fromScore = (opts.scored ?? []).filter((s) => s.design && s.email && s.similarity < ALIKE);
    let pairs: { design: Buffer; email: Buffer; rank: number }[] = [];
    const candidates = fromScore.length ? fromScore : opts.layout ? layoutSpans(opts.layout) : [];
    for (const s of candidates) {
      const [d, e] = await Promise.all([crop(opts.design, s.design!), crop(opts.rendered, s.email!)]);
      if (!d || !e) continue;
      const rank = fromScore.length ? 100 - s.similarity : await pixelDifference(d, e);
      pairs.push({ design: d, email: e, rank });
    }
    pairs = pairs.sort((a, b) => b.rank - a.rank).slice(0, REPAIR_SECTION_CROPS);
    return pairs.flatMap((p) => [
      { mimeType: "image/png", data: p.design },
      { mimeType: "image/png", data: p.email },
    ]);
  } catch {
    return [];
  }
}
