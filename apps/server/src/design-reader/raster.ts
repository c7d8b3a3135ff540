/**
 * A design picture as the reader works on it: 8-bit RGB, row by row, no alpha (transparent pixels are laid on white
 * when the picture is loaded). Boxes are in the picture's pixels.
 */
export interface Raster {
  width: number;
  height: number;
  /** width × height × 3 bytes. */
  data: Uint8Array;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Rgb = readonly [number, number, number];

export const pixelAt = (r: Raster, x: number, y: number): Rgb => {
  const i = (y * r.width + x) * 3;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
};

/** A box on whole pixels (read words' boxes fall between them: the reading runs at twice the design's size). */
export const roundBox = (b: Box): Box => ({
  x: Math.round(b.x),
  y: Math.round(b.y),
  width: Math.round(b.width),
  height: Math.round(b.height),
});
export const boxRight = (b: Box) => b.x + b.width;
export const boxBottom = (b: Box) => b.y + b.height;

/** The smallest box around all of them (the first box when there is one). */
export function unionBox(boxes: Box[]): Box {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Area of the overlap of two boxes. */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Is the centre of `inner` inside `outer`? */
export function centreInside(inner: Box, outer: Box): boolean {
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx < outer.x + outer.width && cy >= outer.y && cy < outer.y + outer.height;
}

/** A box's four corners, each with the diagonal step inward from it: [x, y, dx, dy]. */
export function boxCorners(box: Box): (readonly [number, number, 1 | -1, 1 | -1])[] {
  const right = box.x + box.width - 1;
  const bottom = box.y + box.height - 1;
  return [
    [box.x, box.y, 1, 1],
    [right, box.y, -1, 1],
    [box.x, bottom, 1, -1],
    [right, bottom, -1, -1],
  ];
}
