import type { TLayoutBlock, TLayoutColumn, TLayoutRow, TLayoutSection } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { joinCaptionRows, joinCaptionsAcrossSections } from "./caption-rows.js";

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const picture = (x: number, y: number, w: number, h: number): TLayoutBlock => ({
  kind: "picture",
  box: box(x, y, w, h),
  role: "photo",
  text: "",
});
const text = (x: number, y: number, w: number, words: string): TLayoutBlock => ({
  kind: "text",
  box: box(x, y, w, 16),
  role: "body",
  text: words,
  fontSizePx: 14,
  fontWeight: "normal",
  colour: "#ffffff",
  align: "center",
  lines: [],
  uncertain: [],
});
const column = (x: number, y: number, w: number, h: number, blocks: TLayoutBlock[], background: string | null = null) =>
  ({ box: box(x, y, w, h), background, blocks }) satisfies TLayoutColumn;
const row = (columns: TLayoutColumn[]): TLayoutRow => {
  const x0 = Math.min(...columns.map((c) => c.box.x));
  const y0 = Math.min(...columns.map((c) => c.box.y));
  const x1 = Math.max(...columns.map((c) => c.box.x + c.box.width));
  const y1 = Math.max(...columns.map((c) => c.box.y + c.box.height));
  return { box: box(x0, y0, x1 - x0, y1 - y0), columns };
};
const words = (rows: TLayoutRow[]) =>
  rows.map((r) =>
    r.columns.map((c) =>
      c.blocks
        .flatMap((b) => (b.kind === "grid" ? b.cells.flatMap((cell) => cell.blocks) : [b]))
        .map((b) => (b.kind === "text" ? b.text : b.kind)),
    ),
  );

describe("a row of pictures and the rows of their captions", () => {
  // Easy Email's industrial Black Friday: three product photos, their names under them, their kinds under those.
  const pictures = row([
    column(45, 35, 137, 91, [picture(71, 43, 69, 77)], "#fefefe"),
    column(207, 35, 186, 91, [picture(232, 35, 136, 91)]),
    column(393, 35, 207, 91, [picture(418, 35, 137, 91)]),
  ]);
  const names = row([
    column(0, 140, 202, 16, [text(60, 140, 80, "MACHINERY")]),
    column(202, 140, 199, 16, [text(255, 140, 90, "SAFETY GEAR")]),
    column(401, 140, 199, 16, [text(450, 140, 80, "WORKSHOP")]),
  ]);
  const kinds = row([
    column(0, 164, 209, 16, [text(60, 164, 80, "HEAVY DUTY")]),
    column(209, 164, 185, 16, [text(260, 164, 80, "CERTIFIED")]),
    column(394, 164, 206, 16, [text(450, 164, 80, "EQUIPMENT")]),
  ]);

  it("are one row whose columns each hold a picture and its captions, so a phone stacks them together", () => {
    const joined = joinCaptionRows([pictures, names, kinds], 1);
    expect(words(joined)).toEqual([
      [
        ["picture", "MACHINERY", "HEAVY DUTY"],
        ["picture", "SAFETY GEAR", "CERTIFIED"],
        ["picture", "WORKSHOP", "EQUIPMENT"],
      ],
    ]);
    // A picture on a card of its own keeps its card as a boxed cell; its white caption is set on the band, not on
    // the white card.
    expect(joined[0]!.columns[0]!.background).toBeNull();
    expect(joined[0]!.columns[0]!.blocks[0]).toMatchObject({ kind: "grid", cells: [{ background: "#fefefe" }] });
    expect(joined[0]!.box).toEqual(box(0, 35, 600, 145));
    // Side by side, the columns share the row's width without overlapping (their sum made the email's row too wide).
    const edges = joined[0]!.columns.map((c) => [c.box.x, c.box.x + c.box.width]);
    for (let i = 1; i < edges.length; i++) expect(edges[i]![0]).toBeGreaterThanOrEqual(edges[i - 1]![1]!);
  });

  it("stay apart when the text is far below, not under each picture, or in other numbers of columns", () => {
    const far = row(names.columns.map((c) => ({ ...c, box: { ...c.box, y: 200 } })));
    const shifted = row(names.columns.map((c) => ({ ...c, box: { ...c.box, x: c.box.x + 120 } })));
    const two = row(names.columns.slice(0, 2));
    for (const under of [far, shifted, two]) expect(joinCaptionRows([pictures, under], 1)).toHaveLength(2);
    // (Text above pictures is no caption of theirs.)
    expect(joinCaptionRows([names, pictures], 1)).toHaveLength(2);
  });

  it("join across two sections on one background, the photos' section growing to hold its captions", () => {
    // (A band of photos ended where their captions' band began, both on the page's dark grey.)
    const section = (y: number, height: number, rows: TLayoutRow[], background = "#262626"): TLayoutSection => ({
      box: box(0, y, 600, height),
      background,
      rows,
    });
    const footer = row([column(0, 240, 600, 16, [text(200, 240, 200, "Terms and privacy")])]);
    const sections = [section(0, 130, [pictures]), section(130, 140, [names, kinds, footer])];
    joinCaptionsAcrossSections(sections, 1);
    expect(sections.map((s) => [s.box.y, s.box.height, s.rows.length])).toEqual([
      [0, 210, 1],
      [210, 60, 1],
    ]);
    expect(words(sections[0]!.rows)[0]![2]).toEqual(["picture", "WORKSHOP", "EQUIPMENT"]);
    // On another background, the text is no caption of theirs.
    const apart = [section(0, 130, [pictures]), section(130, 140, [names], "#ff4d4d")];
    joinCaptionsAcrossSections(apart, 1);
    expect(apart.map((s) => s.rows.length)).toEqual([1, 1]);
  });
});
