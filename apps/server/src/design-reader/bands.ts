import {
  type ColourCount,
  colourDistance,
  dominantColour,
  flatShare,
  PAGE_SHADE,
  SAME_COLOUR,
  textureShare,
} from "./colour.js";
import { findPhotoRects } from "./photo-rects.js";
import { type Box, pixelAt, type Raster, type Rgb } from "./raster.js";

/**
 * The page around the email and the email's bands (decision 121): the outer background is the colour of the
 * picture's side margins; the content box is the run of columns that differ from it in many rows (the body column);
 * a section is a run of rows whose most common colour inside the content box is the same (a header band, a white
 * body, a grey footer). Rows with no dominant colour (a photo across the whole width) form sections of their own.
 */

export interface Band {
  box: Box;
  background: Rgb;
  /** No colour holds a third of its rows: a picture across the band. */
  busy: boolean;
  /** Photos beside text in the band, found by their grain and edges (photo-rects.ts): each one picture. */
  photos?: Box[];
}

export interface PageBands {
  outerBackground: Rgb;
  content: Box;
  bands: Band[];
}

/** A row whose most common colour holds less than this share is busy: a picture across the band. */
const BUSY_SHARE = 0.3;
/**
 * A row with a photo's grain or gradient over this share of it is busy; over MAYBE_BUSY_TEXTURE, busy when it
 * touches busy rows. Text rows on a flat fill: under 10 %; the benchmark's photos across a band: 40–70 %.
 */
const BUSY_TEXTURE = 0.5;
const MAYBE_BUSY_TEXTURE = 0.25;
/** Columns that differ from the outer background in this share of the rows belong to the body column. */
const BODY_COLUMN_SHARE = 0.25;
/** A row that differs from the page over this share of its width is drawn edge to edge (a stripe, a full-bleed band). */
const EDGE_TO_EDGE_SHARE = 0.9;
/** Edge-to-edge rows this thick (CSS px) or thinner are a stripe, not a band. */
const STRIPE_MAX_CSS = 8;
/** A body column whose pixels differ from the page in this share is a fill of its own (a white card on grey). */
const OWN_FILL_SHARE = 0.6;
/** A body column this close to the picture's width is the whole width (a phone screenshot has no margins). */
const FULL_WIDTH_SHARE = 0.97;

/** The most common colour of the picture's edge: its four sides, a few pixels deep. */
function outerBackgroundOf(r: Raster): Rgb {
  const margin = Math.max(1, Math.round(r.width * 0.01));
  const step = Math.max(1, Math.floor(r.height / 600));
  const counts = new Map<string, { colour: Rgb; n: number }>();
  const add = (box: Box, weight: number) => {
    const d = dominantColour(r, box, step);
    const key = d.colour.join(",");
    const c = counts.get(key) ?? { colour: d.colour, n: 0 };
    c.n += d.share * weight;
    counts.set(key, c);
  };
  add({ x: 0, y: 0, width: margin, height: r.height }, r.height);
  add({ x: r.width - margin, y: 0, width: margin, height: r.height }, r.height);
  add({ x: 0, y: 0, width: r.width, height: margin }, r.width);
  add({ x: 0, y: r.height - margin, width: r.width, height: margin }, r.width);
  let best: { colour: Rgb; n: number } | undefined;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best?.colour ?? [255, 255, 255];
}

function contentBoxOf(r: Raster, outer: Rgb, scale: number): Box {
  const step = Math.max(1, Math.floor(r.height / 1200));
  const counts = new Uint32Array(r.width);
  // The same over the rows that are not drawn edge to edge (`plain`), and over the bands that are (`bands`: runs of
  // such rows thicker than a stripe). A stripe (a 4 px bar across the top of the page) never says where the body
  // column's edges are; a band edge to edge (a dark header) is the email's width unless the body column is a fill
  // of its own, narrower (a white body on a grey page under a full-width header).
  const plain = new Uint32Array(r.width);
  const bands = new Uint32Array(r.width);
  const differs = new Uint8Array(r.width);
  const stripe: Uint8Array[] = [];
  const thin = Math.ceil((STRIPE_MAX_CSS * scale) / step);
  const flushStripe = () => {
    if (stripe.length > thin) for (const row of stripe) for (let x = 0; x < r.width; x++) bands[x]! += row[x]!;
    stripe.length = 0;
  };
  // Rows with anything on them: the empty page below a short email does not dilute the body column's share.
  let rows = 0;
  let plainRows = 0;
  for (let y = 0; y < r.height; y += step) {
    let i = y * r.width * 3;
    let n = 0;
    for (let x = 0; x < r.width; x++, i += 3) {
      const d = Math.max(
        Math.abs(r.data[i]! - outer[0]),
        Math.abs(r.data[i + 1]! - outer[1]),
        Math.abs(r.data[i + 2]! - outer[2]),
      );
      differs[x] = d > SAME_COLOUR ? 1 : 0;
      if (d > SAME_COLOUR) {
        counts[x]!++;
        n++;
      }
    }
    if (n > 0) rows++;
    // Edge to edge: from the picture's first column to its last (a body with 20 px of page each side is not).
    if (n >= r.width * EDGE_TO_EDGE_SHARE && differs[0] && differs[1] && differs[r.width - 1] && differs[r.width - 2]) {
      stripe.push(differs.slice());
      continue;
    }
    flushStripe();
    plainRows++;
    for (let x = 0; x < r.width; x++) plain[x]! += differs[x]!;
  }
  flushStripe();
  // The longest run of columns that differ from the outer colour in many rows; gaps narrower than 8 % of the width
  // are bridged (white letters on a coloured header are the outer colour in a few columns).
  const on = Array.from(counts, (n) => n >= rows * BODY_COLUMN_SHARE);
  const bridge = Math.round(r.width * 0.08);
  for (let x = 0, last = -1; x < r.width; x++) {
    if (!on[x]) continue;
    if (last >= 0 && x - last > 1 && x - last <= bridge) on.fill(true, last, x);
    last = x;
  }
  let best = { x: 0, width: 0 };
  let start = -1;
  for (let x = 0; x <= r.width; x++) {
    const isOn = x < r.width && on[x]!;
    if (isOn && start < 0) start = x;
    if (!isOn && start >= 0) {
      if (x - start > best.width) best = { x: start, width: x - start };
      start = -1;
    }
  }
  // Text on the page itself: nothing tells the body column from the page, so it is the whole width.
  if (best.width < r.width * 0.3) best = { x: 0, width: r.width };
  // A body column of its own fill: most of its pixels, off the edge-to-edge rows, differ from the page.
  let filled = 0;
  for (let x = best.x; x < best.x + best.width; x++) filled += plain[x]!;
  const ownFill = plainRows > 0 && filled >= best.width * plainRows * OWN_FILL_SHARE;
  // Nothing is cut off: ink beside the body column (a footer line on the page, a full-width band) widens it.
  let x0 = best.x;
  let x1 = best.x + best.width;
  for (let x = 0; x < r.width; x++) {
    if (plain[x]! + (ownFill ? 0 : bands[x]!) < 3) continue;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x + 1);
  }
  best = { x: x0, width: x1 - x0 };
  if (best.width >= r.width * FULL_WIDTH_SHARE) best = { x: 0, width: r.width };
  return { x: best.x, y: 0, width: best.width, height: r.height };
}

interface RowRun {
  y0: number;
  y1: number;
  colour: Rgb;
  busy: boolean;
  /** A photo across the content box, its rows found by its edges (photo-rects.ts): not cut again. */
  photo?: true;
}

/**
 * A busy band's background: the flat colour of both its sides when they show one (pictures side by side on the
 * page, with the page between them: the pictures are then cut apart on it), else its most common colour.
 */
function busyBackground(r: Raster, box: Box, margin: number): Rgb {
  const left = dominantColour(r, { x: box.x, y: box.y, width: margin, height: box.height }, 2);
  const right = dominantColour(r, { x: box.x + box.width - margin, y: box.y, width: margin, height: box.height }, 2);
  const flatSides =
    left.share >= SIDE_FLAT_SHARE &&
    right.share >= SIDE_FLAT_SHARE &&
    colourDistance(left.colour, right.colour) <= SAME_COLOUR;
  return flatSides ? left.colour : dominantColour(r, box, 4).colour;
}

/** A stretch of calm rows this tall (CSS px) or less between busy rows of its colour is part of their photo… */
const CALM_STRETCH_CSS = 80;
/** …when its colour is this close to theirs. */
const CALM_COLOUR = 16;

/** Rows a picture's edge must hold on each side (CSS px) to cut a busy run there. */
const PICTURE_EDGE_CSS = 12;
/** A row shows its band's flat background over at most this share inside a picture across it… */
const ACROSS_SHARE = 0.15;
/** …and over at least this share beside a picture that covers part of it (a photo beside its text). */
const BESIDE_SHARE = 0.3;

/**
 * A busy run is cut where a picture across the page meets one beside text: a hero's photo directly over a section
 * whose photo fills its left half and whose text sits on the page's colour at the right. Busy all through, the two
 * were one band, and the section's text was set over a crop of both. The rows above the cut show the band's
 * background on hardly any of their width, those below on a third or more (or the other way round).
 */
function splitWherePictureEnds(r: Raster, run: RowRun, content: Box, margin: number, scale: number): RowRun[] {
  const edge = Math.round(PICTURE_EDGE_CSS * scale);
  if (run.y1 - run.y0 < 2 * edge) return [run];
  const box = { x: content.x, y: run.y0, width: content.width, height: run.y1 - run.y0 };
  const background = busyBackground(r, box, margin);
  const step = Math.max(1, Math.floor(content.width / 300));
  // Prefix sums of each row's share of the background, for the mean over any stretch of rows.
  const sums = new Float64Array(box.height + 1);
  for (let y = 0; y < box.height; y++) {
    let on = 0;
    let n = 0;
    for (let x = content.x; x < content.x + content.width; x += step, n++) {
      if (colourDistance(pixelAt(r, x, run.y0 + y), background) <= SAME_COLOUR) on++;
    }
    sums[y + 1] = sums[y]! + on / Math.max(1, n);
  }
  const mean = (a: number, b: number) => (sums[b]! - sums[a]!) / (b - a);
  for (let y = edge; y <= box.height - edge; y++) {
    const above = mean(y - edge, y);
    const below = mean(y, y + edge);
    const cut = (above <= ACROSS_SHARE && below >= BESIDE_SHARE) || (above >= BESIDE_SHARE && below <= ACROSS_SHARE);
    if (!cut || mean(0, y) > BESIDE_SHARE === mean(y, box.height) > BESIDE_SHARE) continue;
    // The cut where the two sides differ most, within an edge's reach of the first row where they differ enough.
    let best = y;
    for (let k = y + 1; k <= Math.min(y + edge, box.height - edge); k++)
      if (Math.abs(mean(k, k + edge) - mean(k - edge, k)) > Math.abs(mean(best, best + edge) - mean(best - edge, best)))
        best = k;
    const at = run.y0 + best;
    return [{ ...run, y1: at }, ...splitWherePictureEnds(r, { ...run, y0: at }, content, margin, scale)];
  }
  return [run];
}

/** A side strip this much of one colour is flat. */
const SIDE_FLAT_SHARE = 0.9;

/**
 * A card whose top rises into the band above it (a header's colour behind the card's first rows) shows that band's
 * colour at its sides there, and the page's below: the run of its fill is cut where its sides stop showing the band
 * above (or, at its foot, start showing the band below), so that the sides logic sends those rows to that band, the
 * card's top a box inside the header. Judged as one run, its sides showed the page, and the header's colour beside
 * the card's heading was taken for ink: the heading was drawn as a picture. The run keeps its middle rows (so a run
 * parted by thin rows stays in its group); the rows cut off are runs of their own.
 */
function cutWhereSidesChange(r: Raster, runs: RowRun[], content: Box, margin: number, minBand: number): RowRun[] {
  const sideIs = (y: number, colour: Rgb) =>
    [content.x, content.x + content.width - margin].every(
      (x) => flatShare(r, { x, y, width: margin, height: 1 }, colour) >= SIDE_FLAT_SHARE,
    );
  const out: RowRun[] = [];
  for (const [i, run] of runs.entries()) {
    const [before, after] = [runs[i - 1], runs[i + 1]];
    const other = (n: RowRun | undefined): n is RowRun =>
      !!n && !n.busy && colourDistance(n.colour, run.colour) > SAME_COLOUR;
    if (run.busy || run.y1 - run.y0 < 2 * minBand) {
      out.push(run);
      continue;
    }
    let top = run.y0;
    if (other(before)) while (top < run.y1 && sideIs(top, before.colour)) top++;
    let foot = run.y1;
    if (other(after)) while (foot > top && sideIs(foot - 1, after.colour)) foot--;
    // The card's sides past the cut show one flat colour, the page it goes on over: a panel among a photo's strips
    // (a photo's greys beside it, not one colour at both sides) is left whole.
    const pageFrom = (y0: number, y1: number) => {
      const colour = pixelAt(r, content.x, y0);
      for (let y = Math.max(0, y0); y < Math.min(r.height, y1); y++) if (!sideIs(y, colour)) return false;
      return true;
    };
    if (top - run.y0 < minBand || !pageFrom(top, top + minBand)) top = run.y0;
    if (!pageFrom(foot - minBand, foot)) foot = run.y1;
    // (A card whose sides show the header above and the page below all the way down is cut once, at the header's
    // foot: the rest is the card on the page, as before.)
    if (run.y1 - foot < minBand || foot - top < minBand) foot = run.y1;
    if (foot - top < minBand) {
      out.push(run);
      continue;
    }
    if (top > run.y0) out.push({ ...run, y1: top });
    const bottom = run.y1;
    run.y0 = top;
    run.y1 = foot;
    out.push(run);
    if (foot < bottom) out.push({ ...run, y0: foot, y1: bottom });
  }
  return out;
}

/** Runs of boxes side by side alternate in colour every line or so: each at most this tall (CSS px). */
const ALTERNATING_RUN_CSS = 60;

/**
 * Boxes of two colours side by side (two pastel cards, a changelog's tags) leave rows whose main colour flips
 * between the two with every line of text: runs A, B, A, B… Such a stretch is one band on the colour around it (the
 * run above it, else below), and the boxes are read inside it. Runs are changed in place.
 */
function sideBySideBoxes(runs: RowRun[], scale: number): void {
  const short = (run: RowRun) => !run.busy && run.y1 - run.y0 <= ALTERNATING_RUN_CSS * scale;
  let i = 0;
  while (i < runs.length) {
    const a = runs[i]!;
    const b = runs[i + 1];
    let j = i;
    if (b && short(a) && short(b) && colourDistance(a.colour, b.colour) > SAME_COLOUR) {
      // Extend while the colours keep alternating a, b, a, b.
      j = i + 1;
      while (j + 1 < runs.length && short(runs[j + 1]!)) {
        const expected = (j + 1 - i) % 2 === 0 ? a.colour : b.colour;
        if (colourDistance(runs[j + 1]!.colour, expected) > SAME_COLOUR) break;
        j++;
      }
    }
    if (j - i + 1 >= 3) {
      const around = runs[i - 1] ?? runs[j + 1];
      if (around && !around.busy) for (let k = i; k <= j; k++) runs[k]!.colour = around.colour;
      i = j + 1;
    } else i++;
  }
}

/** A pixel this close to a run's colour is of its fill (anti-aliased and compressed edges stray a little). */
const FILL_PIXEL = 16;

/**
 * The colour just beside a run's own fill, left or right (where it leaves room), or undefined when the fill runs to
 * both edges of the content box. The fill's edges are the median of three rows' first and last pixels of its colour.
 */
function besideFill(r: Raster, run: RowRun, content: Box, scale: number): Rgb | undefined {
  const height = run.y1 - run.y0;
  const starts: number[] = [];
  const ends: number[] = [];
  for (const share of [0.25, 0.5, 0.75]) {
    const y = run.y0 + Math.floor(height * share);
    const isFill = (x: number) => {
      const i = (y * r.width + x) * 3;
      return colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], run.colour) <= FILL_PIXEL;
    };
    let x0 = content.x;
    while (x0 < content.x + content.width && !isFill(x0)) x0++;
    let x1 = content.x + content.width - 1;
    while (x1 > x0 && !isFill(x1)) x1--;
    starts.push(x0);
    ends.push(x1 + 1);
  }
  const median = (v: number[]) => v.sort((a, b) => a - b)[1]!;
  const x0 = median(starts);
  const x1 = median(ends);
  // A strip a few CSS px wide, a pixel off the fill's edge (its anti-aliased border).
  const width = Math.max(2, Math.round(3 * scale));
  const strips: Box[] = [];
  if (x0 - content.x >= width + 1) strips.push({ x: x0 - 1 - width, y: run.y0, width, height });
  if (content.x + content.width - x1 >= width + 1) strips.push({ x: x1 + 1, y: run.y0, width, height });
  const seen = strips.map((strip) => dominantColour(r, strip, 1)).sort((a, b) => b.share - a.share);
  return seen[0]?.colour;
}

/** The part of a box inside another. */
function clipBox(b: Box, within: Box): Box {
  const x = Math.max(b.x, within.x);
  const y = Math.max(b.y, within.y);
  return {
    x,
    y,
    width: Math.min(b.x + b.width, within.x + within.width) - x,
    height: Math.min(b.y + b.height, within.y + within.height) - y,
  };
}

/** A photo this share of the content box's width or more is across it: a band of its own. */
const PHOTO_ACROSS = 0.9;
/** The page beside a photo holds its most common colour over this share of it, or it is no flat page. */
const PAGE_BESIDE_PHOTO = 0.5;

/**
 * Bands fitted to the photos (decision 161). A photo across the content box is a busy band from its top edge to its
 * bottom edge: its smooth stretches had made calm bands of drifting colour (a hero in seven strips). A photo beside
 * text lies within one band on the page's colour beside it: the runs it spans are one (a photo's dark foot was a band
 * of its own, its top a band with the text's first line, and the text's band was busy with the photo's grain).
 */
function withPhotos(r: Raster, runs: RowRun[], photos: Box[], content: Box, minBand: number): RowRun[] {
  let out = runs;
  for (const photo of photos) {
    const top = photo.y;
    const bottom = photo.y + photo.height;
    const over = out.filter((run) => run.y1 > top && run.y0 < bottom);
    if (over.length === 0 || over.some((run) => run.photo)) continue;
    if (photo.width >= content.width * PHOTO_ACROSS) {
      const across: RowRun = {
        y0: top,
        y1: bottom,
        colour: dominantColour(r, photo, 4).colour,
        busy: true,
        photo: true,
      };
      const next: RowRun[] = [];
      for (const run of out) {
        if (run.y1 <= top || run.y0 >= bottom) next.push(run);
        else {
          if (run.y0 < top) next.push({ ...run, y1: top });
          if (!next.includes(across)) next.push(across);
          if (run.y1 > bottom) next.push({ ...run, y0: bottom });
        }
      }
      // What is left of a cut run thinner than a band (the page's few rows above the photo, a rule under it) joins
      // the run beyond it when that is calm, else the photo.
      const i = next.indexOf(across);
      for (const [sliver, beyond] of [
        [next[i - 1], next[i - 2]],
        [next[i + 1], next[i + 2]],
      ] as const) {
        if (
          !sliver ||
          sliver.y1 - sliver.y0 >= minBand ||
          !over.some((run) => run.y0 === sliver.y0 || run.y1 === sliver.y1)
        )
          continue;
        const into = beyond && !beyond.busy ? beyond : across;
        into.y0 = Math.min(into.y0, sliver.y0);
        into.y1 = Math.max(into.y1, sliver.y1);
        next.splice(next.indexOf(sliver), 1);
      }
      out = next;
      continue;
    }
    // The page beside the photo: the widest stretch of the content box beside it and the photos level with it (two
    // products side by side), over the photo's rows.
    const level = photos
      .filter((p) => (Math.min(p.y + p.height, bottom) - Math.max(p.y, top)) * 2 >= Math.min(p.height, photo.height))
      .sort((a, b) => a.x - b.x);
    let page: ReturnType<typeof dominantColour> | undefined;
    let widest = 0;
    for (let i = 0, x = content.x; i <= level.length; i++) {
      const end = i < level.length ? level[i]!.x : content.x + content.width;
      if (end - x > widest) {
        widest = end - x;
        page = dominantColour(r, { x, y: top, width: end - x, height: photo.height }, 2);
      }
      if (i < level.length) x = Math.max(x, level[i]!.x + level[i]!.width);
    }
    if (!page || page.share < PAGE_BESIDE_PHOTO) continue;
    // Runs mostly within the photo's rows, or on the page's colour, are one band; a neighbour the photo's edge only
    // grazes keeps its own colour.
    const joins = (run: RowRun) =>
      (Math.min(run.y1, bottom) - Math.max(run.y0, top)) * 2 >= run.y1 - run.y0 ||
      (!run.busy && colourDistance(run.colour, page.colour) <= SAME_COLOUR);
    const first = out.findIndex((run) => over.includes(run) && joins(run));
    const last = out.findLastIndex((run) => over.includes(run) && joins(run));
    if (first < 0 || (first === last && !out[first]!.busy)) continue;
    // (The band holds the photo to its edges: a neighbour that took its first or last row gives it up, or that row
    // of photo ran through the neighbour's every column and no column could be cut there.)
    const band: RowRun = {
      y0: Math.min(out[first]!.y0, top),
      y1: Math.max(out[last]!.y1, bottom),
      colour: page.colour,
      busy: false,
    };
    const before = out.slice(0, first).flatMap((run) => {
      const y1 = Math.min(run.y1, band.y0);
      return y1 > run.y0 ? [{ ...run, y1 }] : [];
    });
    const after = out.slice(last + 1).flatMap((run) => {
      const y0 = Math.max(run.y0, band.y1);
      return y0 < run.y1 ? [{ ...run, y0 }] : [];
    });
    out = [...before, band, ...after];
  }
  return out;
}

/** Rows with the same dominant colour, merged; runs thinner than minBand join the run above (or below, at the top). */
export function findBands(r: Raster, scale: number): PageBands {
  const outerBackground = outerBackgroundOf(r);
  const content = contentBoxOf(r, outerBackground, scale);
  const step = Math.max(1, Math.floor(content.width / 300));
  const minBand = Math.round(12 * scale);
  // A picture across the row leaves no colour a third of it, or shows its grain and gradients over half of it; a
  // row of text beside a flat block (a headline next to a coloured picture) keeps its background as the largest
  // share. Rows between (a picture with a flat shape in it, an illustration's disc; a logo on a band) are busy only
  // next to busy rows: a picture across the band is busy somewhere, a logo on a band nowhere.
  const dominant: ColourCount[] = [];
  const busyRows = new Uint8Array(r.height);
  const maybe = new Uint8Array(r.height);
  for (let y = 0; y < r.height; y++) {
    const row = { x: content.x, y, width: content.width, height: 1 };
    const d = dominantColour(r, row, step);
    dominant.push(d);
    const texture = d.share < BUSY_SHARE ? 1 : textureShare(r, row, d.colour, step);
    if (texture > BUSY_TEXTURE) busyRows[y] = 1;
    else if (texture > MAYBE_BUSY_TEXTURE) maybe[y] = 1;
  }
  // A gradient's dithering leaves every other row flat: a row or two between busy (or maybe busy) rows is as they
  // are, or the band broke into one-row runs that each joined the band above (a pink gradient's top 70 px read as
  // the grey above it, a logo on a gradient cut in two).
  const between = (rows: Uint8Array, of: (y: number) => number) => {
    const out = rows.slice();
    for (let y = 1; y < r.height - 1; y++) {
      if (of(y)) continue;
      const above = of(y - 1) || (y >= 2 && of(y - 2));
      const below = of(y + 1) || (y + 2 < r.height && of(y + 2));
      if (above && below) out[y] = 1;
    }
    rows.set(out);
  };
  between(maybe, (y) => busyRows[y]! | maybe[y]!);
  for (let y = 1; y < r.height; y++) if (maybe[y] && busyRows[y - 1]) busyRows[y] = 1;
  for (let y = r.height - 2; y >= 0; y--) if (maybe[y] && busyRows[y + 1]) busyRows[y] = 1;
  between(busyRows, (y) => busyRows[y]!);
  let runs: RowRun[] = [];
  for (let y = 0; y < r.height; y++) {
    const d = dominant[y]!;
    const busy = busyRows[y] === 1;
    const last = runs[runs.length - 1];
    if (last && last.busy === busy && (busy || colourDistance(last.colour, d.colour) <= SAME_COLOUR)) last.y1 = y + 1;
    else runs.push({ y0: y, y1: y + 1, colour: d.colour, busy });
  }
  // Thin runs (a text line's own dominant colour, a rule across the band) belong to their neighbours.
  let merged: RowRun[] = [];
  // Calm runs of one colour parted only by thin rows (a serif headline's feet, two rows of its ink, across a cream
  // panel): the parts of one run, whose sides are judged below each on its own.
  const parted: RowRun[][] = [];
  let thinJoined = false;
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && run.y1 - run.y0 < minBand) {
      last.y1 = run.y1;
      thinJoined = true;
    } else if (last && last.y1 - last.y0 < minBand && merged.length === 1) {
      merged[0] = { ...run, y0: last.y0 };
      thinJoined = false;
    } else {
      const next = { ...run };
      if (last && thinJoined && !last.busy && !next.busy && colourDistance(last.colour, next.colour) <= SAME_COLOUR) {
        const group = parted.at(-1);
        if (group?.at(-1) === last) group.push(next);
        else parted.push([last, next]);
      }
      merged.push(next);
      thinJoined = false;
    }
  }
  // A run whose sides show another colour is a box inside a band (a card, a callout), not a band: it joins the
  // neighbour whose colour its sides show.
  const margin = Math.max(2, Math.round(content.width * 0.015));
  merged = cutWhereSidesChange(r, merged, content, margin, minBand);
  // (Runs that took a neighbour's colour for their sides' shade of it: the page runs on through them.)
  const shadedPage = new Set<RowRun>();
  for (let i = 0; i < merged.length; i++) {
    const run = merged[i]!;
    if (run.busy) continue;
    const height = run.y1 - run.y0;
    const left = dominantColour(r, { x: content.x, y: run.y0, width: margin, height }, 2);
    const right = dominantColour(r, { x: content.x + content.width - margin, y: run.y0, width: margin, height }, 2);
    if (
      colourDistance(left.colour, run.colour) <= SAME_COLOUR ||
      colourDistance(right.colour, run.colour) <= SAME_COLOUR
    )
      continue;
    // When no neighbour has its sides' colour, it joins the one whose colour lies just beside its own fill (a
    // full-width button in a white card on a grey page: the card's white, not the page's grey at the content box's
    // edge). Beside a fill as wide as the card (a banner at the top of a card) lies the page again, which no
    // neighbour has: the run is a band of its own colour, the card's first.
    const neighbours = [merged[i - 1], merged[i + 1]].filter((n): n is RowRun => !!n && !n.busy);
    const near = (colour: Rgb) => neighbours.find((n) => colourDistance(n.colour, colour) <= SAME_COLOUR);
    // Sides a shade off a neighbour that runs edge to edge (a grey panel's page of #f9f8f8 under a white body across
    // the page, a photo's header above them): that neighbour's page. (A card inset on the page shows the page at its
    // own sides, and a banner at its top stays a band of its own.)
    // (Its outermost columns in its own colour, pixel by pixel: a mean over the side would blend a card's white with
    // the page's grey beside it.)
    const edgeToEdge = (n: RowRun) =>
      shadedPage.has(n) ||
      [content.x, content.x + content.width - 1].every(
        (x) => flatShare(r, { x, y: n.y0, width: 1, height: n.y1 - n.y0 }, n.colour) >= SIDE_FLAT_SHARE,
      );
    const shadeOff =
      colourDistance(left.colour, right.colour) <= SAME_COLOUR
        ? neighbours.find((n) => colourDistance(n.colour, left.colour) <= PAGE_SHADE && edgeToEdge(n))
        : undefined;
    const into = near(left.colour) ?? near(besideFill(r, run, content, scale) ?? left.colour) ?? shadeOff;
    if (into && into === shadeOff) shadedPage.add(run);
    if (into) run.colour = into.colour;
    // Between two busy runs, a few rows of one colour that is not the page's beside them are a flat shape inside a
    // picture (a photo's disc across its width): part of the picture, or the picture is cut into bands there and
    // the page beside the shape read as letters.
    else if (merged[i - 1]?.busy && merged[i + 1]?.busy) run.busy = true;
  }
  // The parts of one run go together, as most of its rows went: their sides, each judged on its own, sent a photo's
  // panel's top half to the band above (the photo's pale grey beside it) and kept its lower half, the band edge
  // through its headline; a card's last rows under a full-width button, the page at their sides, went to the page
  // under the card.
  for (const parts of parted) {
    const rows = new Map<RowRun, number>();
    for (const part of parts) {
      const same = parts.find((p) => colourDistance(p.colour, part.colour) <= SAME_COLOUR)!;
      rows.set(same, (rows.get(same) ?? 0) + part.y1 - part.y0);
    }
    const most = [...rows].sort((a, b) => b[1] - a[1])[0]![0].colour;
    for (const part of parts) part.colour = most;
  }
  sideBySideBoxes(merged, scale);
  // A short calm stretch between two busy runs, in their colour and not the page's, is the same photo (a dark hero's
  // smooth rows).
  for (const [i, run] of merged.entries()) {
    const [before, after] = [merged[i - 1], merged[i + 1]];
    if (run.busy || !before?.busy || !after?.busy || run.y1 - run.y0 > CALM_STRETCH_CSS * scale) continue;
    // (The page's own colour between two pictures is the gap between them.)
    if (colourDistance(run.colour, outerBackground) <= SAME_COLOUR) continue;
    const near = (n: RowRun) => {
      const main = dominantColour(r, { x: content.x, y: n.y0, width: content.width, height: n.y1 - n.y0 }, 4);
      return colourDistance(main.colour, run.colour) <= CALM_COLOUR;
    };
    if (near(before) && near(after)) run.busy = true;
  }
  runs = [];
  for (const run of merged) {
    const last = runs[runs.length - 1];
    if (last && !last.busy && !run.busy && colourDistance(last.colour, run.colour) <= SAME_COLOUR) last.y1 = run.y1;
    // Busy runs that meet are one picture cut by rows of its own flat shapes.
    else if (last?.busy && run.busy) last.y1 = run.y1;
    else runs.push(run);
  }
  const photos = findPhotoRects(r, content, scale);
  runs = withPhotos(r, runs, photos, content, minBand);
  runs = runs.flatMap((run) =>
    run.busy && !run.photo ? splitWherePictureEnds(r, run, content, margin, scale) : [run],
  );
  const bands = runs.map((run) => {
    const box = { x: content.x, y: run.y0, width: content.width, height: run.y1 - run.y0 };
    const within = run.busy ? [] : photos.filter((p) => p.y >= run.y0 - minBand && p.y + p.height <= run.y1 + minBand);
    return {
      box,
      background: run.busy ? busyBackground(r, box, margin) : run.colour,
      busy: run.busy,
      ...(within.length > 0 ? { photos: within.map((p) => clipBox(p, box)) } : {}),
    };
  });
  return { outerBackground, content, bands };
}
