import { z } from "zod";

/**
 * The design reader's layout (issue 43; decision 120): what the local reader sees in a design image, top to bottom.
 * One shape for the email builder (no-key generation), the model prompt (grounding), the fidelity score (per
 * section, read text) and the page (sections, words to check). Every box is in the design image's own pixels
 * (x, y from the top-left corner); `scale` says how many image pixels make one CSS pixel (2 or 3 for a phone
 * screenshot or an @2x export), so the builder divides by it.
 */

export const ZLayoutBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type TLayoutBox = z.infer<typeof ZLayoutBoxSchema>;

/** #rrggbb, lower case. */
const colour = z.string().regex(/^#[0-9a-f]{6}$/);

export const ZLayoutWordSchema = z.object({
  text: z.string(),
  box: ZLayoutBoxSchema,
  /** The OCR engine's confidence, 0–100. */
  confidence: z.number(),
  /**
   * How the word stands apart from its text block (decision 148), only when it does: another ink (a link, an
   * accent), bold inside regular text (a lead-in), underlined (a link).
   */
  colour: colour.optional(),
  bold: z.boolean().optional(),
  underline: z.boolean().optional(),
});
export type TLayoutWord = z.infer<typeof ZLayoutWordSchema>;

export const ZLayoutLineSchema = z.object({
  text: z.string(),
  box: ZLayoutBoxSchema,
  words: z.array(ZLayoutWordSchema),
});
export type TLayoutLine = z.infer<typeof ZLayoutLineSchema>;

export const LAYOUT_ALIGNMENTS = ["left", "center", "right"] as const;
export const TEXT_ROLES = ["heading", "body", "small"] as const;
export const FONT_FAMILIES = ["sans-serif", "serif"] as const;

const textStyle = {
  /** CSS pixels (image pixels / scale), fitted from the read text's ink width. */
  fontSizePx: z.number(),
  fontWeight: z.enum(["normal", "bold"]),
  /** Italic when its letters lean; absent when upright (and in layouts read before the reader looked). */
  fontStyle: z.enum(["normal", "italic"]).optional(),
  /** Serif or sans-serif, read from the letters' feet; absent in layouts read before it was (sans-serif). */
  fontFamily: z.enum(FONT_FAMILIES).optional(),
  /** CSS px added between letters (letter-spaced type: "F R E E  S H I P P I N G"); absent when not spaced. */
  letterSpacingPx: z.number().min(0).max(40).optional(),
  colour,
  align: z.enum(LAYOUT_ALIGNMENTS),
};

export const ZLayoutTextSchema = z.object({
  kind: z.literal("text"),
  box: ZLayoutBoxSchema,
  /** The block's words joined in reading order (lines joined with a space; paragraphs are separate blocks). */
  text: z.string(),
  lines: z.array(ZLayoutLineSchema),
  role: z.enum(TEXT_ROLES),
  /** Words the OCR engine was unsure of (confidence under its threshold): the report asks the member to check them. */
  uncertain: z.array(z.string()),
  ...textStyle,
});
export type TLayoutText = z.infer<typeof ZLayoutTextSchema>;

export const ZLayoutButtonSchema = z.object({
  kind: z.literal("button"),
  box: ZLayoutBoxSchema,
  /** The short centred label on the filled shape. */
  text: z.string(),
  /** The shape's fill. */
  background: colour,
  /** Corner radius in CSS pixels (0: square). */
  radiusPx: z.number(),
  /** A border colour when the shape is outlined rather than filled. */
  border: colour.nullable(),
  ...textStyle,
});
export type TLayoutButton = z.infer<typeof ZLayoutButtonSchema>;

export const ZLayoutPictureSchema = z.object({
  kind: z.literal("picture"),
  box: ZLayoutBoxSchema,
  /** photo: a photograph or illustration; logo: a small mark near the top or bottom; icon: a small square mark. */
  role: z.enum(["photo", "logo", "icon"]),
  /** Words the OCR engine read on the picture (kept inside the picture, offered as its alt text suggestion). */
  text: z.string(),
  /**
   * Text set over the picture (a headline on a hero photo; decision 143): the email shows the picture as its cell's
   * background with this text erased from it, and the text live on top. `background` is the picture's mean colour,
   * shown where a client shows no background pictures. Absent: the picture holds no text to set live. A button set on
   * the picture (a white "Discover now" pill on a hero's photo; decision 154) is a live button among the text.
   */
  overlay: z
    .object({
      background: colour,
      blocks: z.array(z.discriminatedUnion("kind", [ZLayoutTextSchema, ZLayoutButtonSchema])),
    })
    .optional(),
});
export type TLayoutPicture = z.infer<typeof ZLayoutPictureSchema>;

export const ZLayoutDividerSchema = z.object({
  kind: z.literal("divider"),
  box: ZLayoutBoxSchema,
  colour,
});
export type TLayoutDivider = z.infer<typeof ZLayoutDividerSchema>;

/** What a grid's cell holds: the blocks that are not grids (one level of nesting). */
export const ZLayoutLeafBlockSchema = z.discriminatedUnion("kind", [
  ZLayoutTextSchema,
  ZLayoutButtonSchema,
  ZLayoutPictureSchema,
  ZLayoutDividerSchema,
]);
export type TLayoutLeafBlock = z.infer<typeof ZLayoutLeafBlockSchema>;

export const ZLayoutCellSchema = z.object({
  box: ZLayoutBoxSchema,
  /** A boxed cell's own fill and frame (a bordered box inside a column: a sidebar's panels). */
  background: colour.nullable().optional(),
  border: colour.nullable().optional(),
  blocks: z.array(ZLayoutLeafBlockSchema),
});
export type TLayoutCell = z.infer<typeof ZLayoutCellSchema>;

/**
 * Cells side by side inside a column (two columns inside a card, a table inside a framed box): a row within the
 * column, as a section's row is within the section.
 */
export const ZLayoutGridSchema = z.object({
  kind: z.literal("grid"),
  box: ZLayoutBoxSchema,
  cells: z.array(ZLayoutCellSchema),
});
export type TLayoutGrid = z.infer<typeof ZLayoutGridSchema>;

export const ZLayoutBlockSchema = z.discriminatedUnion("kind", [
  ZLayoutTextSchema,
  ZLayoutButtonSchema,
  ZLayoutPictureSchema,
  ZLayoutDividerSchema,
  ZLayoutGridSchema,
]);
export type TLayoutBlock = z.infer<typeof ZLayoutBlockSchema>;

/** Every leaf block of a column's blocks, grids' cells and text set over pictures included, top to bottom as listed. */
export function leafBlocksOf(blocks: TLayoutBlock[]): TLayoutLeafBlock[] {
  const withOverlay = (b: TLayoutLeafBlock): TLayoutLeafBlock[] =>
    b.kind === "picture" && b.overlay ? [b, ...b.overlay.blocks] : [b];
  return blocks.flatMap((b) =>
    b.kind === "grid" ? b.cells.flatMap((c) => c.blocks.flatMap(withOverlay)) : withOverlay(b),
  );
}

export const ZLayoutColumnSchema = z.object({
  box: ZLayoutBoxSchema,
  /** A column's own fill when it differs from its section's (a card). */
  background: colour.nullable(),
  /** The colour of a thin frame drawn around it (a bordered box), when it has one. */
  border: colour.nullable().optional(),
  blocks: z.array(ZLayoutBlockSchema),
});
export type TLayoutColumn = z.infer<typeof ZLayoutColumnSchema>;

export const ZLayoutRowSchema = z.object({
  box: ZLayoutBoxSchema,
  /** One column, or several side by side (stacked to one column on a phone). */
  columns: z.array(ZLayoutColumnSchema),
});
export type TLayoutRow = z.infer<typeof ZLayoutRowSchema>;

export const ZLayoutSectionSchema = z.object({
  box: ZLayoutBoxSchema,
  /** The band's background colour (full width of the content box). */
  background: colour,
  rows: z.array(ZLayoutRowSchema),
});
export type TLayoutSection = z.infer<typeof ZLayoutSectionSchema>;

/** Languages the reader's OCR models read (installed from npm, nothing downloaded at run time). */
export const DESIGN_READER_LANGUAGES = ["en", "fr", "de", "es"] as const;
export type DesignReaderLanguage = (typeof DESIGN_READER_LANGUAGES)[number];

export const ZDesignLayoutSchema = z.object({
  /** The image's size in its own pixels. */
  width: z.number(),
  height: z.number(),
  /** Image pixels per CSS pixel: 1 for a desktop render, 2 or 3 for a phone screenshot or an @2x export. */
  scale: z.number(),
  /** The email's body column (the part with content, inside the outer background). */
  content: ZLayoutBoxSchema,
  /** The page colour around the body column. */
  outerBackground: colour,
  sections: z.array(ZLayoutSectionSchema),
  /** Every word read, in reading order: the design's text for the prompt and the fidelity score. */
  text: z.string(),
  /** The language read from the text when there is enough of it, else null (the member's setting decides). */
  language: z.enum(DESIGN_READER_LANGUAGES).nullable(),
  /** Areas with text the reader could not read (another script, too small): reported, never dropped silently. */
  unreadable: z.array(z.object({ box: ZLayoutBoxSchema, reason: z.string() })),
  /** Seconds spent and what the engine was. */
  timing: z.object({ ocrSeconds: z.number(), layoutSeconds: z.number() }),
});
export type TDesignLayout = z.infer<typeof ZDesignLayoutSchema>;
