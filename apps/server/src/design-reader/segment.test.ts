import { describe, expect, it } from "vitest";
import type { Raster, Rgb } from "./raster.js";
import { segmentBand } from "./segment.js";
import type { InkMask } from "./xy-cut.js";

/** A raster of one colour; `paint` sets pixels by their position. */
function raster(width: number, height: number, colour: Rgb, paint: (x: number, y: number) => Rgb | null): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) r.data.set(paint(x, y) ?? colour, (y * width + x) * 3);
  return r;
}

const maskOf = (r: Raster): InkMask => ({ width: r.width, height: r.height, bits: new Uint8Array(r.width * r.height) });

describe("segmentBand", () => {
  it("takes a soft gradient (a photo's sky cut off at the band's top) for no card, though one colour holds half of it", () => {
    const black: Rgb = [0, 0, 0];
    // A light cyan-to-blue gradient 552 × 300 at the band's top, with a lilac disc in it, on a black band: its
    // quantised colour holds over half of it, but no pixel colour holds much.
    const r = raster(600, 500, black, (x, y) => {
      if (x < 24 || x >= 576 || y >= 300) return null;
      if ((x - 150) ** 2 + (y - 150) ** 2 < 60 ** 2) return [184, 135, 190];
      const t = (x - 24 + y) / 852;
      return [Math.round(162 + 26 * t), Math.round(212 + 12 * t), Math.round(230 + 10 * t)];
    });
    const band = { box: { x: 0, y: 0, width: 600, height: 500 }, background: black, busy: false };
    const section = segmentBand(r, band, 1, maskOf(r));
    const columns = section.rows.flatMap((row) => row.columns);
    expect(columns.every((c) => c.background === null)).toBe(true);
  });

  it("splits a band in two colours where ink crosses the seam, not where only a divider does (decision 156)", async () => {
    const black: Rgb = [0, 0, 0];
    const red: Rgb = [255, 0, 0];
    const white: Rgb = [255, 255, 255];
    // Black left half with a white mark, red right half (down to row 270) with a white mark; `crossing`: a white bar
    // 20 px tall from the black half onto the red (a headline across the seam), else only a 1 px divider under both.
    const band = (crossing: boolean) =>
      raster(600, 300, black, (x, y) => {
        if (x >= 60 && x < 200 && y >= 200 && y < 220) return white;
        if (x >= 360 && x < 540 && y >= 200 && y < 220) return white;
        if (crossing ? x >= 150 && x < 450 && y >= 60 && y < 80 : y === 290) return white;
        return x >= 300 && y < 270 ? red : null;
      });
    const box = { x: 0, y: 0, width: 600, height: 300 };
    const across = band(true);
    const split = segmentBand(across, { box, background: black, busy: false }, 1, maskOf(across));
    expect(split.seam).toBe(300);
    expect(split.rows[0]?.columns.map((c) => c.background)).toEqual([null, red]);
    const divided = band(false);
    expect(segmentBand(divided, { box, background: black, busy: false }, 1, maskOf(divided)).seam).toBeUndefined();
  });

  it("cuts off a bar under a framed picture and the text beside it, so the two are columns, not one leaf", () => {
    const white: Rgb = [255, 255, 255];
    const black: Rgb = [0, 0, 0];
    const grey: Rgb = [220, 218, 219];
    // Easy Email 26's watch row: a grey cell framed in black (x 0–239) with a dark shape in it, three black lines of
    // "text" on white at the right, and an 8 px black bar along the foot of both (`bar`), which inks every column.
    const row = (bar: boolean) =>
      raster(600, 176, white, (x, y) => {
        if (bar && y >= 166) return black;
        if (x < 240) {
          if (x < 2 || x >= 238 || y < 2 || y >= 172) return black;
          return x >= 60 && x < 200 && y >= 30 && y < 140 && (x + y) % 9 < 5 ? black : grey;
        }
        const line = [24, 66, 100].find((top) => y >= top && y < top + 18);
        return line !== undefined && x >= 260 && x < 450 && x % 6 < 3 ? black : null;
      });
    const box = { x: 0, y: 0, width: 600, height: 176 };
    for (const bar of [false, true]) {
      const r = row(bar);
      const section = segmentBand(r, { box, background: white, busy: false }, 1, maskOf(r));
      const columns = section.rows.flatMap((row) => row.columns);
      // The framed cell and the text each a column of their own (the text's lines never in the cell's leaf).
      expect(
        columns.some((c) => c.box.x < 10 && c.box.x + c.box.width <= 250),
        `bar ${bar}`,
      ).toBe(true);
      const leaves = columns.flatMap((c) => c.leaves);
      expect(leaves.filter((l) => l.box.x < 240 && l.box.x + l.box.width > 260 && l.box.height > 20)).toEqual([]);
    }
  });

  it("cuts a panel from what touches it at its sides: the panel is a card, each side a column (decision 158)", () => {
    const black: Rgb = [0, 0, 0];
    const red: Rgb = [255, 0, 0];
    const white: Rgb = [255, 255, 255];
    // Easy Email's 22 poster row: a red panel (x 90–509) with two white lines of text in it; "GET" at the left and
    // "NOW" at the right in white on the black, each with a white box under it that touches the panel.
    const poster = raster(600, 160, black, (x, y) => {
      if (y < 20 || y >= 124) return null;
      if (x >= 90 && x < 510)
        return (y >= 40 && y < 60) || (y >= 75 && y < 95) ? (x >= 170 && x < 430 ? white : red) : red;
      if (x < 90) return (y >= 40 && y < 56 && x >= 20 && x < 70) || y >= 84 ? white : null;
      return (y >= 40 && y < 56 && x >= 540 && x < 575) || y >= 110 ? white : null;
    });
    const section = segmentBand(
      poster,
      { box: { x: 0, y: 0, width: 600, height: 160 }, background: black, busy: false },
      1,
      maskOf(poster),
    );
    const columns = section.rows[0]?.columns ?? [];
    expect(columns.map((c) => [c.box.x, c.box.width, c.background])).toEqual([
      [0, 90, null],
      [90, 420, red],
      [510, 90, null],
    ]);
    // "GET" is a leaf of its own on the black, not a line of the red card.
    expect(columns[0]?.leaves.some((l) => l.box.x >= 20 && l.box.x + l.box.width <= 70 && l.box.height <= 16)).toBe(
      true,
    );
    expect(columns[1]?.leaves.every((l) => l.box.x >= 90 && l.box.x + l.box.width <= 510)).toBe(true);
  });

  it("cuts a price pill from the rounded button it touches, inside a card (Mailbakery's luxury estates)", () => {
    const page: Rgb = [7, 33, 75];
    const card: Rgb = [8, 46, 107];
    const pill: Rgb = [10, 28, 60];
    const blue: Rgb = [43, 121, 250];
    const white: Rgb = [255, 255, 255];
    // A card (x 20–579, y 20–279) holding a line of text and, below it, a dark pill (x 60–189) touching a blue button
    // (x 183–337) whose left corners are rounded 6 px; white words on each.
    const r = raster(600, 300, page, (x, y) => {
      if (x < 20 || x >= 580 || y < 20 || y >= 280) return null;
      if (y >= 60 && y < 76 && x >= 60 && x < 400) return white;
      if (y >= 200 && y < 244) {
        const inButton = x >= 183 && x < 338;
        const corner = Math.min(y - 200, 243 - y);
        const rounded = inButton && x - 183 < 6 && corner < 6 && (x - 183 - 6) ** 2 + (corner - 6) ** 2 > 36;
        // (Letters: strokes 2 px wide, 3 px apart.)
        const letters = (x0: number, x1: number) => y >= 215 && y < 229 && x >= x0 && x < x1 && x % 5 < 2;
        if (inButton && !rounded) return letters(210, 310) ? white : blue;
        if (x >= 60 && x < 190) return letters(80, 160) ? white : pill;
      }
      return card;
    });
    const section = segmentBand(
      r,
      { box: { x: 0, y: 0, width: 600, height: 300 }, background: page, busy: false },
      1,
      maskOf(r),
    );
    const items = section.rows.flatMap((row) => row.columns.flatMap((c) => c.items ?? []));
    const grid = items.find((i) => "cells" in i);
    expect(grid && "cells" in grid ? grid.cells.map((c) => c.leaves.map((l) => l.fill)) : null).toEqual([
      [pill],
      [blue],
    ]);
  });

  it("clears the blend of two photos meeting at a band's edge, but keeps a rule there (decision 161)", () => {
    const white: Rgb = [255, 255, 255];
    const photo = (x: number, y: number): Rgb => [90 + ((x * 7 + y * 13) % 40), 60 + ((x * 3 + y) % 30), 50];
    // A photo at the right (the band's own) under a photo at the left whose last row is the band's first (a blend),
    // text at the left; then the same band with a purple rule 8 px tall along its bottom instead.
    const band = { box: { x: 0, y: 0, width: 600, height: 300 }, background: white, busy: false };
    const photos = [{ x: 240, y: 0, width: 360, height: 290 }];
    const text = (x: number, y: number) => y >= 40 && y < 60 && x >= 40 && x < 200 && x % 9 < 6;
    const seam = raster(600, 300, white, (x, y) =>
      y === 0 && x < 360 ? photo(x, y) : x >= 240 && y < 290 ? photo(x, y) : text(x, y) ? [30, 30, 30] : null,
    );
    const columnsOf = (r: Raster) =>
      segmentBand(r, { ...band, photos }, 1, maskOf(r)).rows.flatMap((row) => row.columns.map((c) => c.box.x));
    expect(columnsOf(seam)).toHaveLength(2);
    const rule = raster(600, 300, white, (x, y) =>
      y >= 292 ? [102, 51, 153] : x >= 240 && y < 290 ? photo(x, y) : text(x, y) ? [30, 30, 30] : null,
    );
    const leaves = segmentBand(rule, { ...band, photos }, 1, maskOf(rule)).rows.flatMap((row) =>
      row.columns.flatMap((c) => c.leaves.map((l) => l.box)),
    );
    expect(leaves).toContainEqual({ x: 0, y: 292, width: 600, height: 8 });
  });
});
