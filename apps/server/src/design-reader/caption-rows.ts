import {
  leafBlocksOf,
  type TLayoutBlock,
  type TLayoutColumn,
  type TLayoutRow,
  type TLayoutSection,
} from "@mailsmith/shared";
import { unionBox } from "./raster.js";

/**
 * A row of pictures and the rows of their captions under them, one row (decision 161): the page is cut into rows
 * before columns wherever a gap runs across it, so a gallery's photos and their names and prices came out as rows of
 * their own. On a phone each row stacks, and the captions no longer sat under their pictures: three photos, then
 * three names, then three prices. Joined, each column holds its picture and its captions, and stacks as one.
 */

/** Captions sit this close under their pictures (CSS px); a farther row of text is the next part of the email. */
const CAPTION_GAP_CSS = 40;
/** A caption's column is under its picture's: their centres this close, as a share of the picture column's width. */
const ALIGNED_SHARE = 0.25;

const isPictures = (c: TLayoutColumn) =>
  c.blocks.length > 0 && c.blocks.every((b) => b.kind === "picture" && !b.overlay);
const isCaptions = (c: TLayoutColumn) =>
  c.blocks.length > 0 && c.blocks.every((b) => b.kind === "text" || b.kind === "button");
const centre = (c: TLayoutColumn) => c.box.x + c.box.width / 2;
const bottom = (r: TLayoutRow) => r.box.y + r.box.height;

/** The rows of a section, each row of pictures joined with the rows of captions that follow it. */
export function joinCaptionRows(rows: TLayoutRow[], scale: number): TLayoutRow[] {
  const out: TLayoutRow[] = [];
  for (const row of rows) {
    const above = out[out.length - 1];
    const captions =
      above &&
      above.columns.length >= 2 &&
      row.columns.length === above.columns.length &&
      row.box.y - bottom(above) <= CAPTION_GAP_CSS * scale &&
      row.columns.every(isCaptions) &&
      above.columns.every(
        (col, i) =>
          // (The row above is pictures, or pictures already joined with their first captions.)
          (isPictures(col) || leafBlocksOf(col.blocks).some((b) => b.kind === "picture")) &&
          Math.abs(centre(col) - centre(row.columns[i]!)) <= col.box.width * ALIGNED_SHARE,
      );
    if (!captions) {
      out.push(row);
      continue;
    }
    const columns = above.columns.map((col, i) => joinColumn(col, row.columns[i]!));
    // (Columns side by side share the row's width: where two joined columns overlap, they meet where their pictures'
    // columns met, or the email's columns added up to more than the row and squeezed it.)
    for (let i = 1; i < columns.length; i++) {
      const [left, right] = [columns[i - 1]!, columns[i]!];
      if (left.box.x + left.box.width <= right.box.x) continue;
      const [a, b] = [above.columns[i - 1]!.box, above.columns[i]!.box];
      const at = Math.round((a.x + a.width + b.x) / 2);
      left.box = { ...left.box, width: at - left.box.x };
      right.box = { ...right.box, x: at, width: right.box.x + right.box.width - at };
    }
    out[out.length - 1] = { box: unionBox([above.box, row.box]), columns };
  }
  return out;
}

/**
 * The same across two sections on one background, one under the other (a band of photos ends where their captions'
 * band begins): the captions move up into the photos' section, which grows to hold them; a section left empty goes.
 * Sections are changed in place.
 */
export function joinCaptionsAcrossSections(sections: TLayoutSection[], scale: number): void {
  for (let i = sections.length - 1; i > 0; i--) {
    const [above, below] = [sections[i - 1]!, sections[i]!];
    const last = above.rows[above.rows.length - 1];
    if (!last || above.background !== below.background || below.rows.length === 0) continue;
    if (below.box.y > above.box.y + above.box.height) continue;
    const joined = joinCaptionRows([last, ...below.rows], scale);
    const taken = below.rows.length + 1 - joined.length;
    if (taken === 0) continue;
    above.rows[above.rows.length - 1] = joined[0]!;
    below.rows = joined.slice(1);
    const end = Math.max(above.box.y + above.box.height, joined[0]!.box.y + joined[0]!.box.height);
    if (below.rows.length === 0) {
      above.box = { ...above.box, height: below.box.y + below.box.height - above.box.y };
      sections.splice(i, 1);
    } else {
      // (The captions' section starts under them, between their last row and its own next one.)
      const next = below.rows[0]!.box.y;
      const cut = Math.min(next, Math.max(end, Math.round((end + next) / 2)));
      above.box = { ...above.box, height: cut - above.box.y };
      below.box = { ...below.box, y: cut, height: below.box.y + below.box.height - cut };
    }
  }
}

/**
 * A picture's column and its caption's, one column. A picture on a card of its own (a product on a white tile over a
 * dark band) keeps its card as a boxed cell: the captions are set on the band, not on the card.
 */
function joinColumn(top: TLayoutColumn, under: TLayoutColumn): TLayoutColumn {
  const box = unionBox([top.box, under.box]);
  if (top.background === under.background && (top.border ?? null) === (under.border ?? null))
    return { ...top, box, blocks: [...top.blocks, ...under.blocks] };
  const boxed = (c: TLayoutColumn): TLayoutBlock[] =>
    c.background || c.border
      ? [
          {
            kind: "grid",
            box: c.box,
            cells: [
              {
                box: c.box,
                ...(c.background ? { background: c.background } : {}),
                ...(c.border ? { border: c.border } : {}),
                // (A grid's cells hold no grid: a column already boxed keeps its blocks' own.)
                blocks: c.blocks.flatMap((b) => (b.kind === "grid" ? b.cells.flatMap((cell) => cell.blocks) : [b])),
              },
            ],
          },
        ]
      : c.blocks;
  return { box, background: null, blocks: [...boxed(top), ...boxed(under)] };
}
