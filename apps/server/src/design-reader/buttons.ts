import type { TLayoutButton } from "@mailsmith/shared";
import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import { colourDistance, dominantColour, hex, INK_DISTANCE, SAME_COLOUR } from "./colour.js";
import { type FaceNotes, ownFace } from "./faces.js";
import { type Box, pixelAt, type Raster, type Rgb, unionBox } from "./raster.js";
import type { Leaf } from "./segment.js";
import { lineOf } from "./text-blocks.js";
import { SEGMENT_INK } from "./xy-cut.js";

/**
 * Buttons (decision 121): a filled shape — or an outlined one, a frame of one colour around the background — at most
 * 90 CSS px tall, with one short line of text (at most 6 words) centred in it. Full-width buttons count; a band is
 * never one (bands are sections). The corner radius is read on the diagonal: a rounded corner of radius R leaves
 * R·(1 − 1/√2) pixels of background before the fill starts.
 */

const MAX_HEIGHT_CSS = 90;
const MAX_WORDS = 6;

/** The frame's colour when the leaf is outlined: most of its edge pixels are one colour other than the background. */
export function outlineOf(r: Raster, leaf: Leaf): Rgb | null {
  const { box } = leaf;
  if (box.width < 8 || box.height < 8) return null;
  let onEdge = 0;
  let total = 0;
  const probe = (x: number, y: number) => {
    total++;
    if (colourDistance(pixelAt(r, x, y), leaf.background) > INK_DISTANCE) onEdge++;
  };
  // Sample the middle stretch of each side (rounded corners aside), one pixel in.
  for (let x = box.x + Math.floor(box.width * 0.2); x < box.x + box.width * 0.8; x += 2) {
    probe(x, box.y);
    probe(x, box.y + box.height - 1);
  }
  for (let y = box.y + Math.floor(box.height * 0.25); y < box.y + box.height * 0.75; y += 2) {
    probe(box.x, y);
    probe(box.x + box.width - 1, y);
  }
  if (total === 0 || onEdge / total < 0.85) return null;
  const inside = dominantColour(r, {
    x: box.x + 3,
    y: box.y + 3,
    width: Math.max(1, box.width - 6),
    height: Math.max(1, box.height - 6),
  });
  if (colourDistance(inside.colour, leaf.background) > SAME_COLOUR) return null;
  // The frame's own colour: the pixel farthest from the background across its left side (edges are blended).
  let colour = pixelAt(r, box.x, box.y + Math.floor(box.height / 2));
  for (let x = box.x; x < box.x + Math.min(8, box.width / 2); x++) {
    const px = pixelAt(r, x, box.y + Math.floor(box.height / 2));
    if (colourDistance(px, leaf.background) > colourDistance(colour, leaf.background)) colour = px;
  }
  return colour;
}

/** Background pixels on the diagonal from the top-left corner until the shape starts. */
function radiusOf(r: Raster, box: Box, background: Rgb, scale: number): number {
  let d = 0;
  const limit = Math.min(box.width, box.height) / 2;
  while (d < limit && colourDistance(pixelAt(r, box.x + d, box.y + d), background) <= INK_DISTANCE / 2) d++;
  return Math.round(d / (1 - Math.SQRT1_2) / scale);
}

export function buttonOf(
  r: Raster,
  leaf: Leaf,
  words: OcrWord[],
  context: { scale: number; column: Box; faces?: FaceNotes },
): TLayoutButton | null {
  const { box } = leaf;
  // A dash or a bar read off the shape's edge is not part of the label; arrows are. The label's extent for centring
  // still counts a dash on its line (an arrow read flat: "Learn how →" comes out "Learn how —").
  const withMarks = words;
  words = words.filter((w) => /[\p{L}\p{N}»›→←‹«]/u.test(w.text));
  // Short "words" above or below the label's line are a rounded corner read as letters ("ra", "N."), not the label.
  const main = words.reduce<OcrWord | undefined>((a, w) => (!a || w.text.length > a.text.length ? w : a), undefined);
  if (main) {
    const mid = main.box.y + main.box.height / 2;
    words = words.filter(
      (w) => w.text.length > 2 || Math.abs(w.box.y + w.box.height / 2 - mid) <= main.box.height * 0.6,
    );
  }
  // A lone character away from the label's longer words is a mark on the shape (an icon, a corner), not a letter.
  const long = words.filter((w) => w.text.length > 1);
  if (long.length > 0) {
    const x0 = Math.min(...long.map((w) => w.box.x));
    const x1 = Math.max(...long.map((w) => w.box.x + w.box.width));
    // A one-letter word ("A Button") sits within a word space of the others.
    const gap = Math.max(...long.map((w) => w.box.height));
    words = words.filter((w) => w.text.length > 1 || (w.box.x + w.box.width >= x0 - gap && w.box.x <= x1 + gap));
  }
  if (words.length === 0 || words.length > MAX_WORDS || box.height > MAX_HEIGHT_CSS * context.scale) return null;
  if (box.height < 16 * context.scale) return null;
  // A fill a shade off its background (a code box) is a callout, not a button (pale-fills.ts) — unless it is a
  // pill (a white "Sign in" on a light grey header): its corners are rounded a third of its height or more.
  const radiusPx = radiusOf(r, box, leaf.background, context.scale);
  const pill = radiusPx * context.scale >= box.height * 0.3;
  if (leaf.fill && colourDistance(leaf.fill, leaf.background) <= SEGMENT_INK && !pill) return null;
  const border = leaf.fill ? null : outlineOf(r, leaf);
  const fill = leaf.fill ?? (border ? leaf.background : null);
  if (!fill) return null;
  const ink = unionBox(words.map((w) => w.box));
  const mid = ink.y + ink.height / 2;
  const near = ink.height * 1.5;
  const onLine = withMarks.filter(
    (w) =>
      Math.abs(w.box.y + w.box.height / 2 - mid) <= ink.height * 0.6 &&
      w.box.x <= ink.x + ink.width + near &&
      w.box.x + w.box.width >= ink.x - near,
  );
  const extent = unionBox([ink, ...onLine.map((w) => w.box)]);
  // One line, centred in the shape (a tenth of the width either way), with room around it.
  if (ink.height > box.height * 0.8) return null;
  const left = extent.x - box.x;
  const right = box.x + box.width - (extent.x + extent.width);
  if (Math.abs(left - right) > Math.max(6 * context.scale, box.width * 0.1)) return null;
  const lines = new Set(words.map((w) => Math.round((w.box.y + w.box.height / 2) / (ink.height || 1))));
  if (lines.size > 1 && ink.height > box.height * 0.6) return null;
  const line = lineOf(r, ink, words, fill);
  // (A label's few stems rarely decide its face: the design's letters settle it, faces.ts.)
  const face = {
    reading: line.serif,
    sizes: { "sans-serif": line.fontSize / context.scale, serif: line.serifFontSize / context.scale },
    spacings: {
      "sans-serif": line.letterSpacing / context.scale,
      serif: line.serifLetterSpacing / context.scale,
    },
  };
  const { fontFamily, fontSizePx, letterSpacingPx } = ownFace(face);
  const button: TLayoutButton = {
    kind: "button",
    box,
    text: line.words.map((w) => w.text).join(" "),
    background: hex(fill),
    radiusPx,
    border: border ? hex(border) : null,
    fontSizePx,
    fontWeight: line.bold ? "bold" : "normal",
    ...(line.italic ? { fontStyle: "italic" as const } : {}),
    fontFamily,
    ...(letterSpacingPx ? { letterSpacingPx } : {}),
    colour: hex(line.colour),
    align: "center",
  };
  context.faces?.note(button, face);
  return button;
}
