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
}

/** A block's face and size from its own letters, until the whole design's settle them (FaceNotes). */
export function ownFace(evidence: FaceEvidence): { fontFamily: FontFamily; fontSizePx: number } {
  const fontFamily = familyOf(evidence.reading, evidence.reading);
  return { fontFamily, fontSizePx: Math.round(evidence.sizes[fontFamily]) };
}

/**
 * Each text's and button's face is settled once the whole design is read (decision 150): a block's own letters
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
      const family = familyOf(evidence.reading, design);
      block.fontFamily = family;
      block.fontSizePx = Math.round(evidence.sizes[family]);
      if (block.kind === "text") block.role = roleOf(block.fontSizePx, block.fontWeight === "bold");
    }
  }
}
