import type { Band } from "./bands.js";
import {
  type ColourCount,
  colourDistance,
  dominantColour,
  flatShare,
  INK_DISTANCE,
  nearestBlend,
  SAME_COLOUR,
  stepsToFill,
} from "./colour.js";
import { paintPaleFills, splitTouchingFills } from "./pale-fills.js";
import { type Box, boxCorners, pixelAt, type Raster, type Rgb, unionBox } from "./raster.js";
import { bandSplit, panelBoxes, panelSpan, sideBox } from "./split-band.js";
import { type Cut, type InkMask, paintInk, SEGMENT_INK, tighten, xyCut } from "./xy-cut.js";

/**
 * A band cut into rows, columns and leaves (decision 121). A leaf whose most common colour is a fill other than its
 * background is a shape: a small one (a button, a badge) keeps its fill as the background its text is read on; a
 * tall one (a card) is cut again inside, on its own fill, and becomes a column with that background.
 */

export interface Leaf {
  box: Box;
  /** The colour around it. */
  background: Rgb;
  /** Its own fill when it is a filled shape. */
  fill: Rgb | null;
  colours: ColourCount;
}

/** Cells side by side inside a column (two columns inside a card, a table inside a framed box). */
export interface GridNode {
  box: Box;
  /** A boxed cell (a framed box inside a column) has its own fill and frame colour. */
  cells: { box: Box; leaves: Leaf[]; background?: Rgb | null; border?: Rgb }[];
}

export interface ColumnNode {
  box: Box;
  background: Rgb | null;
  /** A bordered box's frame colour. */
  border?: Rgb;
  /** Every leaf, those in grids included (what the page reading assigns words to). */
  leaves: Leaf[];
  /** The column's content top to bottom: leaves and grids; absent when it is `leaves` alone. */
  items?: (Leaf | GridNode)[];
}

export const isGrid = (item: Leaf | GridNode): item is GridNode => "cells" in item;

export interface RowNode {
  box: Box;
  columns: ColumnNode[];
}

export interface SectionNode {
  band: Band;
  rows: RowNode[];
  /** A band in two colours side by side, read as two columns (split-band.ts): where they meet. */
  seam?: number;
}

/** A filled shape taller than this (CSS px) is a card: cut again inside. */
const CARD_MIN_HEIGHT = 90;
/** A shorter filled shape, from this height (CSS px), is a card when its inside holds two or more lines (a callout). */
const CALLOUT_MIN_HEIGHT = 40;
/** A pale box (pale-fills.ts) this tall or taller is a callout. */
const PALE_MIN_HEIGHT = 24;
/**
 * A shape whose corner, measured along the diagonal to its fill, is at least this share of its height is a pill:
 * a radius of half the height leaves 0.146 of it, a code box's 4 px corner on 40 px 0.03.
 */
const PILL_CORNER = 0.1;
/** A fill holds at least this share of a shape's pixels. */
const FILL_SHARE = 0.45;
/** A card's fill holds this share of its quantised colour's pixels exactly (within a few levels): it is flat. */
const CARD_FLAT = 0.75;

function flatten(cuts: Cut[]): Box[] {
  const out: Box[] = [];
  for (const cut of cuts) {
    if (cut.columns.length === 0) out.push(cut.box);
    else for (const column of cut.columns) out.push(...flatten(column));
  }
  return out;
}

/** A row of cells set in `box`: every cell as tall as the box, the outer ones reaching its sides. */
function gridIn(cells: GridNode["cells"], box: Box): GridNode {
  const last = cells.length - 1;
  return {
    box,
    cells: cells.map((c, k) => {
      const x0 = k === 0 ? box.x : c.box.x;
      const x1 = k === last ? box.x + box.width : c.box.x + c.box.width;
      return { ...c, box: { x: x0, y: box.y, width: x1 - x0, height: box.height } };
    }),
  };
}

/**
 * `box` reaching out to `outer`'s sides where it touches `inner`'s (a panel set flush in a card's corner, read inside
 * the card's inset, fills the corner as drawn).
 */
function flushTo(box: Box, inner: Box, outer: Box): Box {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  const x0 = near(box.x, inner.x) ? outer.x : box.x;
  const y0 = near(box.y, inner.y) ? outer.y : box.y;
  const x1 = near(box.x + box.width, inner.x + inner.width) ? outer.x + outer.width : box.x + box.width;
  const y1 = near(box.y + box.height, inner.y + inner.height) ? outer.y + outer.height : box.y + box.height;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Some piece side by side holds pieces side by side of its own (not a table row's cells: those are lines). */
function nestedColumns(cuts: Cut[]): boolean {
  return cuts.some(
    (c) => c.columns.length > 1 && c.columns.some((col) => col.some((x) => x.columns.length > 1 && !isLine(x))),
  );
}

/** A cut whose pieces are one text line's cells (lineColumns in xy-cut.ts): every piece as tall as the line. */
function isLine(c: Cut): boolean {
  return c.columns.every(
    (col) => col.length === 1 && col[0]!.columns.length === 0 && col[0]!.box.height >= c.box.height * 0.6,
  );
}

/** Fewer ink pixels than a 2 × 2 CSS px dot: a speck (a corner's anti-aliasing, JPEG noise), not content. */
function specks(mask: InkMask, scale: number) {
  const least = 4 * scale * scale;
  return (b: Box) => {
    let n = 0;
    for (let y = b.y; y < b.y + b.height && n < least; y++) {
      let m = y * mask.width + b.x;
      for (let x = 0; x < b.width; x++, m++) n += mask.bits[m]!;
    }
    return n >= least;
  };
}

/**
 * A frame's inside fill (null: the colour around it). A frame whose inside is two bands of colour, as a table with a
 * tinted header row or a card with a coloured title bar, has the lower band's fill (the body's): the upper one is a
 * filled shape inside it. Otherwise its most common colour when that holds FILL_SHARE of it.
 */
function frameFill(r: Raster, box: Box, around: Rgb): Rgb | null {
  const inside = dominantColour(r, box, 2);
  let colour = inside.share >= FILL_SHARE ? inside.colour : null;
  const strip = Math.max(2, Math.floor(box.height / 4));
  const top = dominantColour(r, { x: box.x + 2, y: box.y + 2, width: Math.max(1, box.width - 4), height: strip }, 2);
  const bottom = dominantColour(
    r,
    { x: box.x + 2, y: box.y + box.height - 2 - strip, width: Math.max(1, box.width - 4), height: strip },
    2,
  );
  if (
    inside.share < BANDED_SHARE &&
    top.share >= BANDED_SHARE &&
    bottom.share >= BANDED_SHARE &&
    colourDistance(top.colour, bottom.colour) > SAME_COLOUR
  )
    colour = bottom.colour;
  return colour && colourDistance(colour, around) > SAME_COLOUR ? colour : null;
}
/** A frame's inside is banded when no colour holds this share of it but each end's strip is mostly one colour. */
const BANDED_SHARE = 0.6;

/** A frame's colour: the most common colour of the box's left edge column (the frame's side). */
function frameColour(r: Raster, box: Box): Rgb {
  return dominantColour(r, { x: box.x, y: box.y, width: 1, height: box.height }).colour;
}

/** A band's rounded corner reaches at most this far along its diagonal (CSS px): a 24 px radius reaches 7. */
const BAND_CORNER_CSS = 12;

/**
 * A band that is a rounded box as wide as the page (a pink card edge to edge) shows the page in its corners: small
 * pieces of "ink" the cut made leaves of, and the engine read as letters ("r", "A"). Each corner's pixels that blend
 * the page into the band's fill, within the corner's radius, are cleared from the mask.
 */
function clearRoundedCorners(r: Raster, band: Band, scale: number, mask: InkMask): void {
  const { box, background } = band;
  for (const [x0, y0, dx, dy] of boxCorners(box)) {
    const outside = pixelAt(r, x0, y0);
    if (colourDistance(outside, background) <= SAME_COLOUR) continue;
    let k = 0;
    const limit = Math.round(BAND_CORNER_CSS * scale);
    while (k <= limit && colourDistance(pixelAt(r, x0 + dx * k, y0 + dy * k), background) > SAME_COLOUR) k++;
    if (k > limit) continue;
    const radius = Math.min(Math.ceil(k / (1 - Math.SQRT1_2)) + 2, box.width >> 1, box.height >> 1);
    // A rounded corner's outside ends along both edges within its radius; a bar along the band's edge (a header's
    // coloured rule) runs on, and is ink.
    const along = Math.min(2 * radius, (Math.min(box.width, box.height) >> 1) - 1);
    const edgeEnds =
      colourDistance(pixelAt(r, x0 + dx * along, y0), background) <= SAME_COLOUR &&
      colourDistance(pixelAt(r, x0, y0 + dy * along), background) <= SAME_COLOUR;
    if (!edgeEnds) continue;
    for (let j = 0; j < radius; j++) {
      for (let i = 0; i < radius; i++) {
        const x = x0 + dx * i;
        const y = y0 + dy * j;
        const p = pixelAt(r, x, y);
        if (colourDistance(p, nearestBlend(p, background, outside)) <= SAME_COLOUR) mask.bits[y * mask.width + x] = 0;
      }
    }
  }
}

/** The rows at a band's edge that may be the blend of two photos meeting there (CSS px)… */
const PHOTO_SEAM_CSS = 4;
/** …when inked over this share of the band's width, and no colour holds this share of the row (a rule). */
const SEAM_INK = 0.3;
const SEAM_RULE = 0.6;

export function segmentBand(r: Raster, band: Band, scale: number, mask: InkMask): SectionNode {
  paintInk(r, band.box, band.background, mask);
  clearRoundedCorners(r, band, scale, mask);
  if (band.photos) {
    // Where photos meet at the band's edge (one at the left above, one at the right below), the rows between them
    // are a blend of both, and a row of ink across the band joins every column: the band's outer rows are cleared
    // while they are inked over much of the width (a neighbour's edge; text has gaps between its letters) in many
    // colours (a rule across the band's edge is one colour, and is kept).
    const edge = Math.max(1, Math.round(PHOTO_SEAM_CSS * scale));
    const { x, y, width, height } = band.box;
    const inked = (row: number) => {
      let n = 0;
      for (let i = row * mask.width + x; i < row * mask.width + x + width; i++) n += mask.bits[i]!;
      return n >= width * SEAM_INK && dominantColour(r, { x, y: row, width, height: 1 }).share < SEAM_RULE;
    };
    for (const [from, dir] of [
      [y, 1],
      [y + height - 1, -1],
    ] as const)
      for (let k = 0, row = from; k < edge && inked(row); k++, row += dir)
        mask.bits.fill(0, row * mask.width + x, row * mask.width + x + width);
    // A photo is ink all over: its pale parts would otherwise split it, or join it to the text beside it.
    for (const p of band.photos)
      for (let row = p.y; row < p.y + p.height; row++)
        mask.bits.fill(1, row * mask.width + p.x, row * mask.width + p.x + p.width);
  }
  if (!band.busy) {
    paintPaleFills(r, band.box, band.background, mask, scale);
    splitTouchingFills(r, band.box, band.background, mask, scale);
  }
  const rows: RowNode[] = [];
  let single: RowNode | undefined;

  const leafOf = (box: Box, background: Rgb): Leaf => {
    const colours = dominantColour(r, box, box.width * box.height > 40_000 ? 2 : 1);
    const filled = colours.share >= FILL_SHARE && colourDistance(colours.colour, background) > SAME_COLOUR;
    return { box, background, fill: filled ? colours.colour : null, colours };
  };

  /**
   * A leaf that is a panel with things joined to its sides (a dark price pill touching a blue button): a row of
   * cells, each side's pieces and the panel (decision 158); else the leaf.
   */
  const leafOrPanel = (leaf: Leaf, keep: (b: Box) => boolean): Leaf | GridNode => {
    const span = leaf.fill ? panelSpan(r, leaf.box, leaf.fill, leaf.background, scale) : null;
    if (!span) return leaf;
    const { box } = leaf;
    const { panel, left, right } = panelBoxes(box, span);
    const side = (area: Box) => {
      const inside = tighten(mask, area);
      const leaves = inside
        ? flatten(xyCut(mask, inside, { scale }))
            .filter(keep)
            .map((b) => leafOf(b, leaf.background))
        : [];
      return { box: area, leaves };
    };
    const cells: GridNode["cells"] = [];
    if (left) cells.push(side(left));
    cells.push({ box: panel, leaves: [leafOf(panel, leaf.background)] });
    if (right) cells.push(side(right));
    return cells.filter((c) => c.leaves.length > 0).length > 1 ? { box, cells } : leaf;
  };

  /**
   * A column's cuts as leaves, top to bottom, keeping one level of columns inside it as a grid of cells (each cell
   * owns its share of the width, up to the middle of the gaps beside it); deeper columns are read as leaves.
   */
  const itemsOf = (cuts: Cut[], background: Rgb, depth = 0): (Leaf | GridNode)[] => {
    const items: (Leaf | GridNode)[] = [];
    const keep = specks(mask, scale);
    for (const cut of cuts) {
      if (cut.columns.length > 1) {
        const inks = cut.columns.map((c) => (c.length > 0 ? unionBox(c.map((x) => x.box)) : cut.box));
        const cells = cut.columns.map((c, i) => {
          const x0 = i === 0 ? cut.box.x : Math.round((inks[i - 1]!.x + inks[i - 1]!.width + inks[i]!.x) / 2);
          const x1 =
            i === inks.length - 1
              ? cut.box.x + cut.box.width
              : Math.round((inks[i]!.x + inks[i]!.width + inks[i + 1]!.x) / 2);
          const leaves = flatten(c)
            .filter(keep)
            .map((b) => leafOf(b, background));
          return { box: { x: x0, y: cut.box.y, width: x1 - x0, height: cut.box.height }, leaves };
        });
        if (cells.filter((c) => c.leaves.length > 0).length > 1) items.push({ box: cut.box, cells });
        else items.push(...cells.flatMap((c) => c.leaves));
        continue;
      }
      if (cut.framed && depth < 2) {
        // A frame inside a column (a sidebar's panel): one boxed cell with the frame's colour and its inside's fill;
        // its inside is read on that fill, the frame's lines stay out.
        const fill = frameFill(r, cut.box, background);
        const border = frameColour(r, cut.box);
        const inner = itemsOf(cut.columns[0] ?? [], fill ?? background, depth + 1);
        // A band of another fill across the frame (a table's header row, a title bar) is a card of its own (its
        // cells side by side when it has columns); the runs between such bands are framed cells on the frame's fill.
        const across = (item: Leaf | GridNode) =>
          !isGrid(item) && item.fill !== null && item.box.width >= cut.box.width * 0.9;
        if (!inner.some(across)) {
          const leaves = leavesOf(inner);
          if (leaves.length > 0)
            items.push({ box: cut.box, cells: [{ box: cut.box, leaves, background: fill, border }] });
          continue;
        }
        const pieces: { grid: GridNode; band: boolean }[] = [];
        let run: (Leaf | GridNode)[] = [];
        // A run's lines are one framed cell; a row of columns in it (a table's row of cells) stays side by side.
        const flush = () => {
          let lines: Leaf[] = [];
          const flushLines = () => {
            if (lines.length === 0) return;
            const box = unionBox(lines.map((l) => l.box));
            const piece = { x: cut.box.x, y: box.y, width: cut.box.width, height: box.height };
            pieces.push({
              grid: { box: piece, cells: [{ box: piece, leaves: lines, background: fill, border }] },
              band: false,
            });
            lines = [];
          };
          for (const item of run) {
            if (!isGrid(item)) {
              lines.push(item);
              continue;
            }
            flushLines();
            pieces.push({
              grid: { ...item, cells: item.cells.map((c) => ({ ...c, background: fill, border })) },
              band: false,
            });
          }
          flushLines();
          run = [];
        };
        for (const item of inner) {
          if (!across(item)) {
            run.push(item);
            continue;
          }
          flush();
          for (const p of cardCells(item))
            if (isGrid(p))
              pieces.push({
                grid: { ...p, cells: p.cells.map((c) => ({ ...c, border: c.border ?? border })) },
                band: true,
              });
        }
        flush();
        // The pieces tile the frame top to bottom, as one box: a band keeps its own height, the runs between bands
        // fill the rest (their text is read on their own fill, not on the band's).
        const frameBottom = cut.box.y + cut.box.height;
        const boxes = pieces.map(({ grid, band }, i) => {
          const previous = pieces[i - 1];
          const next = pieces[i + 1];
          const y0 = !previous ? cut.box.y : band ? grid.box.y : previous.grid.box.y + previous.grid.box.height;
          const y1 = !next ? frameBottom : band || !next.band ? grid.box.y + grid.box.height : next.grid.box.y;
          return { x: cut.box.x, y: y0, width: cut.box.width, height: Math.max(1, y1 - y0) };
        });
        for (const [i, { grid }] of pieces.entries()) items.push(gridIn(grid.cells, boxes[i]!));
        continue;
      }
      for (const b of flatten([cut]).filter(keep)) items.push(leafOrPanel(leafOf(b, background), keep));
    }
    return items;
  };

  const leavesOf = (items: (Leaf | GridNode)[]): Leaf[] =>
    items.flatMap((item) => (isGrid(item) ? item.cells.flatMap((c) => c.leaves) : [item]));

  /** A card's inside, cut on its own fill; null when the shape is not a card. */
  /** A card's frame: its left edge's colour when that stands out from its fill (a callout drawn with a border). */
  const cardFrame = (leaf: Leaf, fill: Rgb): Rgb | undefined => {
    const frame = frameColour(r, leaf.box);
    return colourDistance(frame, fill) > INK_DISTANCE / 2 ? frame : undefined;
  };

  const cardColumn = (leaf: Leaf, nested = false): ColumnNode | null => {
    if (!leaf.fill || leaf.colours.distinct > 12) return null;
    // A card's fill is flat: a gradient (a photo's sky cut off at a band's edge) only looks filled at a coarse count.
    if (flatShare(r, leaf.box, leaf.fill, 2) < leaf.colours.share * CARD_FLAT) return null;
    // A fill a shade off its background (a code box, a pastel card) is never a button: one line in it is a callout.
    const pale = colourDistance(leaf.fill, leaf.background) <= SEGMENT_INK;
    if (leaf.box.height < (pale ? PALE_MIN_HEIGHT : CALLOUT_MIN_HEIGHT) * scale) return null;
    // Inside its rounded corners: the diagonal from the corner to the fill is R·(1 − 1/√2).
    const corner = stepsToFill(
      r,
      leaf.box,
      leaf.fill,
      SAME_COLOUR,
      Math.min(leaf.box.width, leaf.box.height) / 2,
      leaf.background,
    );
    const inset = Math.max(1, Math.round(2 * scale)) + corner;
    const inner = {
      x: leaf.box.x + inset,
      y: leaf.box.y + inset,
      width: leaf.box.width - 2 * inset,
      height: leaf.box.height - 2 * inset,
    };
    if (inner.width <= 0 || inner.height <= 0) return null;
    paintInk(r, inner, leaf.fill, mask);
    // A panel a shade off the card's fill (a darker grey footer under a grey card) is a shape inside it, as on a band.
    paintPaleFills(r, inner, leaf.fill, mask, scale);
    const tight = tighten(mask, inner);
    let items = tight ? itemsOf(xyCut(mask, tight, { scale }), leaf.fill) : [];
    // A callout inside the card (a filled box, perhaps framed) is a boxed cell of the card's column.
    if (!nested)
      items = items.map((item) => {
        if (isGrid(item) || !item.fill) return item;
        const callout = cardColumn(item, true);
        if (!callout?.background) return item;
        const border = cardFrame(item, callout.background);
        const box = flushTo(item.box, inner, leaf.box);
        return {
          box,
          cells: [{ box, leaves: callout.leaves, background: callout.background, ...(border ? { border } : {}) }],
        };
      });
    const leaves = leavesOf(items);
    // A pale pill (a white "Sign in" on a light grey header: corners rounded a fifth of its height or more, one
    // piece of ink inside) is a button, not a callout: as a callout its label wrapped in the card's padding.
    const pill =
      pale &&
      leaves.length === 1 &&
      corner >= leaf.box.height * PILL_CORNER &&
      leaf.box.height < CARD_MIN_HEIGHT * scale;
    if (leaves.length === 0 || pill || (leaf.box.height < CARD_MIN_HEIGHT * scale && leaves.length < 2 && !pale)) {
      // A flat shape with nothing inside is a picture (a placeholder, a colour block), and a button has one line
      // of text: either way the mask goes back to the shape as one piece of ink.
      paintInk(r, leaf.box, leaf.background, mask);
      return null;
    }
    const border = cardFrame(leaf, leaf.fill);
    return { box: leaf.box, background: leaf.fill, ...(border ? { border } : {}), leaves, items };
  };

  /**
   * A card inside a bordered box (a grey panel inside an email drawn with a frame) as boxed cells of the box's
   * column: one cell with the card's fill and frame when it holds one column; when it holds columns side by side, a
   * cell of its fill for each run of full-width lines and a grid of cells of its fill for each row of columns (cells
   * cannot hold grids). Anything else stays as it is.
   */
  const cardCells = (item: Leaf | GridNode): (Leaf | GridNode)[] => {
    if (isGrid(item) || !item.fill) return [item];
    const card = cardColumn(item, true);
    if (!card?.background) return [item];
    const fill = card.background;
    const inner = card.items ?? card.leaves;
    if (!inner.some(isGrid)) {
      return [
        { box: item.box, cells: [{ box: item.box, leaves: card.leaves, background: fill, border: card.border }] },
      ];
    }
    const pieces: GridNode[] = [];
    let run: Leaf[] = [];
    const flushRun = () => {
      if (run.length === 0) return;
      const box = unionBox(run.map((l) => l.box));
      const piece = { x: item.box.x, y: box.y, width: item.box.width, height: box.height };
      pieces.push({ box: piece, cells: [{ box: piece, leaves: run, background: fill }] });
      run = [];
    };
    for (const part of inner) {
      if (!isGrid(part)) {
        run.push(part);
        continue;
      }
      flushRun();
      pieces.push({ box: part.box, cells: part.cells.map((c) => ({ ...c, background: fill })) });
    }
    flushRun();
    // The pieces tile the card: each reaches down to where the next begins, the first from the card's top, the last
    // to its bottom, and the outer cells to its sides, so the fill shows as one card.
    const bottom = item.box.y + item.box.height;
    return pieces.map((piece, i) => {
      const y0 = i === 0 ? item.box.y : piece.box.y;
      const y1 = i === pieces.length - 1 ? bottom : pieces[i + 1]!.box.y;
      return gridIn(piece.cells, { x: item.box.x, y: y0, width: item.box.width, height: Math.max(1, y1 - y0) });
    });
  };

  const columnOf = (cuts: Cut[], box: Box, around: Rgb = band.background): ColumnNode => {
    const found = itemsOf(cuts, around);
    const only = found.length === 1 ? found[0]! : null;
    const card = only && !isGrid(only) ? cardColumn(only) : null;
    if (card) {
      // A column that is one card is the card's box (its share of the gutters beside it stays page).
      const items = card.items ?? card.leaves;
      const border = card.border ? { border: card.border } : {};
      return { box: card.box, background: card.background, ...border, leaves: leavesOf(items), items };
    }
    // Cards stacked in a column with other things (a red offer over a line of text over a black card): each card is
    // a boxed cell of its own fill, and the column keeps the colour around them.
    const items = found.length > 1 ? found.flatMap(cardCells) : found;
    return { box, background: null, leaves: leavesOf(items), items };
  };

  /** Rows of a run of cuts across `area` (the band, or a bordered box's inside), on `around`. */
  const placeCuts = (cuts: Cut[], area: Box, around: Rgb) => {
    for (const cut of cuts) {
      if (cut.columns.length > 1) {
        single = undefined;
        // Each column owns its share of the area's width: up to the middle of the gaps beside it.
        const inks = cut.columns.map((c) => (c.length > 0 ? unionBox(c.map((x) => x.box)) : cut.box));
        rows.push({
          box: cut.box,
          columns: cut.columns.map((c, i) => {
            const x0 = i === 0 ? area.x : Math.round((inks[i - 1]!.x + inks[i - 1]!.width + inks[i]!.x) / 2);
            const x1 =
              i === inks.length - 1
                ? area.x + area.width
                : Math.round((inks[i]!.x + inks[i]!.width + inks[i + 1]!.x) / 2);
            return columnOf(c, { x: x0, y: cut.box.y, width: x1 - x0, height: cut.box.height }, around);
          }),
        });
        continue;
      }
      if (cut.framed) {
        // A bordered box: a column of its own, on its inside's fill when it has one.
        single = undefined;
        const inner = cut.columns[0] ?? [];
        const background = frameFill(r, cut.box, around);
        if (background) paintInk(r, cut.box, background, mask);
        let insideCuts = background ? xyCut(mask, cut.box, { scale }) : inner;
        // Cut again on its fill, the box is found framed once more: its inside is what it holds.
        if (insideCuts.length === 1 && insideCuts[0]!.framed) insideCuts = insideCuts[0]!.columns[0] ?? [];
        if (!background && nestedColumns(insideCuts)) {
          // Columns inside columns inside the frame (a sidebar beside an article that has two columns of its own):
          // one column cannot hold them, so the frame's inside is laid out as the band's rows are; the frame's thin
          // lines are lost, its structure kept.
          placeCuts(insideCuts, cut.box, around);
          single = undefined;
          continue;
        }
        const items = itemsOf(insideCuts, background ?? around).flatMap(cardCells);
        rows.push({
          box: cut.box,
          columns: [{ box: cut.box, background, border: frameColour(r, cut.box), leaves: leavesOf(items), items }],
        });
        continue;
      }
      if (!specks(mask, scale)(cut.box)) continue;
      const leaf = leafOf(cut.box, around);
      const span = leaf.fill ? panelSpan(r, leaf.box, leaf.fill, around, scale) : null;
      if (span) {
        // A panel with things beside it, joined to it: the panel is a column (a card when it holds one), and each
        // side a column on the colour around, owning the area's width up to the panel.
        single = undefined;
        const { panel, left, right } = panelBoxes(cut.box, span);
        const columns: ColumnNode[] = [];
        const besides = (side: Box, x0: number, x1: number) => {
          const inside = tighten(mask, side);
          if (inside)
            columns.push(columnOf(xyCut(mask, inside, { scale }), { ...cut.box, x: x0, width: x1 - x0 }, around));
        };
        if (left) besides(left, area.x, panel.x);
        const inPanel = leafOf(panel, around);
        columns.push(cardColumn(inPanel) ?? { box: panel, background: null, leaves: [inPanel] });
        if (right) besides(right, right.x, area.x + area.width);
        rows.push({ box: cut.box, columns });
        continue;
      }
      const card = cardColumn(leaf);
      if (card) {
        single = undefined;
        rows.push({ box: cut.box, columns: [card] });
        continue;
      }
      if (!single) {
        single = { box: { ...cut.box }, columns: [{ box: { ...area }, background: null, leaves: [] }] };
        rows.push(single);
      }
      single.columns[0]!.leaves.push(leaf);
      const y1 = Math.max(single.box.y + single.box.height, cut.box.y + cut.box.height);
      single.box = { x: area.x, y: single.box.y, width: area.width, height: y1 - single.box.y };
    }
  };
  const cuts = xyCut(mask, band.box, { scale });
  const split = bandSplit(r, band, scale);
  const margin = 2 * scale;
  // (Pieces as tall as a line of text: a divider under a row runs across every seam.)
  const across = (seam: number) => (b: Box) =>
    b.x < seam - margin && b.x + b.width > seam + margin && b.height >= 8 * scale;
  if (split && flatten(cuts).some(across(split.x))) {
    // Ink runs across the seam of a band in two colours: each side is a column, the fill's read on its own fill.
    const fillBox = sideBox(band.box, split.x, split.side);
    const pageBox = sideBox(band.box, split.x, split.side === "right" ? "left" : "right");
    paintInk(r, fillBox, split.fill, mask);
    const column = (area: Box, around: Rgb, fill: Rgb | null): ColumnNode => {
      const col = columnOf(xyCut(mask, area, { scale }), area, around);
      return fill && col.background === null ? { ...col, box: area, background: fill } : col;
    };
    const page = column(pageBox, band.background, null);
    const filled = column(fillBox, split.fill, split.fill);
    rows.push({ box: band.box, columns: split.side === "right" ? [page, filled] : [filled, page] });
    return { band, rows, seam: split.x };
  }
  placeCuts(cuts, band.box, band.background);
  // A single column spans its rows' height inside the band's width.
  for (const row of rows) {
    if (row.columns.length === 1 && row.columns[0]!.background === null && !row.columns[0]!.border) {
      row.columns[0]!.box = { x: band.box.x, y: row.box.y, width: band.box.width, height: row.box.height };
    }
  }
  return { band, rows };
}
