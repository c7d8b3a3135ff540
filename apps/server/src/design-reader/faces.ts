import type { TLayoutButton, TLayoutLeafBlock, TLayoutText } from "@mailsmith/shared";
import type { FontFamily } from "./font-metrics.js";
import { familyOf, pooled, type SerifReading } from "./serif.js";

/** A text's role from its size and weight (CSS px). */
export function roleOf(fontSizePx: number, bold: boolean): TLayoutText["role"] {
  if (fontSizePx >= 22 || (bold && fontSizePx >= 18)) return "heading";
  if (fontSizePx <= 12.5) return "small";
  return "body";
}

/** What a block's letters showed, and its size in each face. */
export interface FaceEvidence {
  reading: SerifReading;
  /** The block's size in CSS px as fitted with each face's widths. */
  sizes: Record<FontFamily, number>;
  /** The CSS px its letter-spaced type adds between letters in each face (0: not spaced). */
  spacings: Record<FontFamily, number>;
}

/** Letter spacing under this (CSS px) is left out: the face's own spacing, within what the reader can tell. */
const LEAST_SPACING_PX = 0.5;

/** A block's face, size and letter spacing (undefined: none) as the evidence gives them in a face. */
function styleIn(
  evidence: FaceEvidence,
  fontFamily: FontFamily,
): { fontFamily: FontFamily; fontSizePx: number; letterSpacingPx: number | undefined } {
  const spacing = Math.round(evidence.spacings[fontFamily] * 2) / 2;
  return {
    fontFamily,
    fontSizePx: Math.round(evidence.sizes[fontFamily]),
    letterSpacingPx: spacing >= LEAST_SPACING_PX ? spacing : undefined,
  };
}

/** A block's face and size from its own letters, until the whole design's settle them (FaceNotes). */
export function ownFace(evidence: FaceEvidence): {
  fontFamily: FontFamily;
  fontSizePx: number;
  letterSpacingPx: number | undefined;
} {
  return styleIn(evidence, familyOf(evidence.reading, evidence.reading));
}

/**
 * Each text's and button's face (and its letter spacing with it) is settled once the whole design is read (decision 150): a block's own letters
 * decide it when they are many, the design's when they are few (a two-word heading, a price). What the letters
 * showed is kept beside the block while the design is read, never in the layout.
 */
export class FaceNotes {
  private readonly notes = new WeakMap<TLayoutText | TLayoutButton, FaceEvidence>();

  note(block: TLayoutText | TLayoutButton, evidence: FaceEvidence): void {
    this.notes.set(block, evidence);
  }

  /** Sets each noted block's face, and its size and role with it. */
  settle(blocks: TLayoutLeafBlock[]): void {
    const noted = blocks.flatMap((b) => {
      const evidence = b.kind === "text" || b.kind === "button" ? this.notes.get(b) : undefined;
      return evidence ? [{ block: b as TLayoutText | TLayoutButton, evidence }] : [];
    });
    const design = pooled(noted.map((n) => n.evidence.reading));
    for (const { block, evidence } of noted) {
      const { fontFamily, fontSizePx, letterSpacingPx } = styleIn(evidence, familyOf(evidence.reading, design));
      block.fontFamily = fontFamily;
      block.fontSizePx = fontSizePx;
      if (letterSpacingPx) block.letterSpacingPx = letterSpacingPx;
      else delete block.letterSpacingPx;
      if (block.kind === "text") block.role = roleOf(block.fontSizePx, block.fontWeight === "bold");
    }
  }
}
