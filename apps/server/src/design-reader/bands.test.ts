import { describe, expect, it } from "vitest";
import { findBands } from "./bands.js";
import { seededGrain } from "./fixtures/seeded-grain.js";
import type { Raster, Rgb } from "./raster.js";

/** A page of one colour with rectangles painted on it. */
function page(width: number, height: number, colour: Rgb, rects: [number, number, number, number, Rgb][]): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  const fill = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) r.data.set(c, (y * width + x) * 3);
  };
  fill(0, 0, width, height, colour);
  for (const [x, y, w, h, c] of rects) fill(x, y, w, h, c);
  return r;
}
/** Lines of "text": dark bars 10 px tall, 24 px apart. */
const lines = (x: number, y: number, w: number, n: number): [number, number, number, number, Rgb][] =>
  Array.from({ length: n }, (_, i) => [x, y + i * 24, w, 10, [40, 40, 40]]);

describe("the body column", () => {
  it("is the 600 px box of a 640 px page, a 4 px bar edge to edge above it notwithstanding", () => {
    const r = page(
      640,
      600,
      [222, 224, 226],
      [[0, 0, 640, 4, [187, 187, 187]], [20, 24, 600, 560, [244, 244, 244]], ...lines(40, 60, 540, 15)],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 20, width: 600 });
  });

  it("is the page's width when dark bands run edge to edge around a narrow column of text on white", () => {
    const r = page(
      600,
      800,
      [254, 254, 254],
      [[0, 0, 600, 90, [30, 30, 30]], ...lines(150, 140, 290, 20), [0, 700, 600, 100, [30, 30, 30]]],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 0, width: 600 });
  });

  it("is a white body on a grey page, though a grey header band runs edge to edge above it", () => {
    const r = page(
      620,
      800,
      [243, 243, 243],
      [[0, 16, 620, 60, [138, 138, 138]], [20, 76, 580, 700, [254, 254, 254]], ...lines(40, 110, 520, 20)],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 20, width: 580 });
  });
});

describe("a run whose sides show another colour", () => {
  const grey: Rgb = [246, 246, 246];
  const white: Rgb = [255, 255, 255];
  /** A line of white letters on a fill: strokes 2 px wide, 10 px tall, 5 px apart (a line of text leaves its fill the
   * most common colour of its rows). */
  const lightLine = (x: number, y: number, w: number): [number, number, number, number, Rgb][] =>
    Array.from({ length: Math.floor(w / 5) }, (_, i) => [x + i * 5, y, 2, 10, white]);

  it("is the card's first band when its fill is as wide as the card (a banner at the top of a card)", () => {
    const orange: Rgb = [255, 159, 0];
    const r = page(600, 400, grey, [
      [6, 2, 588, 300, white],
      [7, 3, 586, 62, orange],
      ...lightLine(100, 28, 400),
      ...lines(17, 90, 540, 8),
    ]);
    const { bands } = findBands(r, 1);
    expect(bands[0]?.background).toEqual(orange);
    expect(bands[0]?.box.height).toBeGreaterThanOrEqual(60);
    expect(bands.slice(1).some((b) => b.background.join() === orange.join())).toBe(false);
  });

  it("is a box inside the card's band when the card shows beside it (a full-width button in a card)", () => {
    const page_: Rgb = [246, 249, 252];
    const purple: Rgb = [101, 110, 232];
    const r = page(600, 500, page_, [
      [8, 0, 584, 420, white],
      ...lines(56, 40, 488, 6),
      [56, 200, 508, 40, purple],
      ...lightLine(200, 215, 210),
      ...lines(56, 270, 488, 5),
    ]);
    const { bands } = findBands(r, 1);
    expect(bands.map((b) => b.background)).not.toContainEqual(purple);
    // One white band from the top of the card past the button and the lines under it.
    expect(bands[0]?.background).toEqual(white);
    expect(bands[0]?.box.height).toBeGreaterThan(360);
  });

  it("keeps the card's rows after a full-width button in the card's band, down to the card's foot", () => {
    // The card's last rows, parted from its others by a line of text (a thin run), show the page at their sides:
    // judged alone, they went to the page's band under the card, and the card's last line was set on its grey.
    const page_: Rgb = [246, 249, 252];
    const r = page(600, 500, page_, [
      [8, 0, 584, 420, white],
      ...lines(56, 40, 488, 6),
      [56, 200, 508, 40, [101, 110, 232]],
      ...lightLine(200, 215, 210),
      ...lines(56, 270, 488, 5),
    ]);
    const { bands } = findBands(r, 1);
    expect(bands[0]?.background).toEqual(white);
    expect(bands[0]?.box.y).toBe(0);
    expect(bands[0]?.box.height).toBe(420);
    expect(bands[1]?.background).toEqual(page_);
  });

  it("puts a card's top in the header its top rises into, the header's colour beside the card's heading", () => {
    // Litmus' Ceej letters (the development set): a coloured header across the page, and a white card inset 10 px
    // whose first 108 rows lie on the header and the rest on the grey page. Judged as one run, the card's sides
    // showed the page: the header's red beside the heading was ink in the card's band, and the heading was drawn.
    const red: Rgb = [236, 109, 100];
    // (Under the card, its footer's lines on the page: the body column is then the page's width, the header's.)
    const r = page(
      600,
      800,
      [244, 244, 244],
      [
        [0, 0, 600, 232, red],
        [10, 124, 580, 350, white],
        [230, 40, 40, 40, [46, 139, 69]],
        ...lines(200, 170, 200, 2),
        ...lines(40, 250, 240, 4),
        ...lines(40, 500, 240, 12),
      ],
    );
    const { bands } = findBands(r, 1);
    const header = bands.find((b) => b.box.y === 0);
    expect(header?.background).toEqual(red);
    expect(header?.box.height).toBe(232);
    // The rest of the card, below the header, is a band of its own under it.
    expect(bands.find((b) => b.box.y === 232)).toBeDefined();
  });
});

describe("a panel's rows broken by a few rows of its headline's ink", () => {
  it("are one band: the rows after the break are not a band of their own", () => {
    // Easy Email's Thanksgiving hero (fixtures/thanksgiving-panel-mockup.png) in flat colours: a cream panel between
    // two strips of photo, and its serif headline, whose letters and feet are the rows' most common colour for
    // fewer rows than a band's least (thin rows, 11 of 12). The rows after them went to the photo's band below, their
    // sides its grey: the band edge ran through the headline (read as "O”" and "Le;").
    const cream: Rgb = [255, 248, 220];
    const brown: Rgb = [139, 69, 19];
    const r = page(
      600,
      300,
      [255, 255, 255],
      [
        [0, 20, 600, 240, [200, 200, 205]],
        [0, 20, 90, 110, [228, 230, 233]],
        [90, 40, 420, 200, cream],
        [140, 70, 320, 9, brown],
        [100, 79, 400, 2, brown],
        ...lines(220, 150, 160, 2),
      ],
    );
    const { bands } = findBands(r, 1);
    expect(bands.some((b) => b.box.y <= 70 && b.box.y + b.box.height >= 190)).toBe(true);
  });
});

describe("a panel on a page a shade off the band above", () => {
  it("is a box in that band when the band runs edge to edge (a photo's header across the page above both)", () => {
    // Sendwithus's airmail invite (spent from the hold-out) with a photo-like header across the page: the content box
    // is the whole width, the footer's grey panel (#e5e5e5, 320 px) sits on a page of #f9f8f8 a shade off the white
    // body. The footer was a band of the panel's grey, its page beside it ink: one leaf, sent as a picture.
    const white: Rgb = [255, 255, 255];
    const r = page(600, 900, white, [
      [0, 720, 140, 180, [249, 248, 248]],
      [460, 720, 140, 180, [249, 248, 248]],
      [140, 720, 320, 180, [229, 229, 229]],
      ...lines(160, 90, 280, 20),
      ...lines(180, 750, 240, 2),
      [140, 810, 320, 1, [200, 200, 200]],
      ...lines(170, 840, 260, 2),
    ]);
    const grain = seededGrain(3, 24);
    for (let y = 0; y < 48; y++)
      for (let x = 0; x < 600; x++)
        r.data.set([150 + grain() + (x % 64), 120 + grain(), 200 - grain()], (y * 600 + x) * 3);
    const { bands } = findBands(r, 1);
    expect(bands.map((b) => [b.box.y, b.box.height, b.background, b.busy])).toEqual([
      [0, 48, expect.anything(), true],
      [48, 852, white, false],
    ]);
  });

  it("stays a band of its own when the band above is a card inset on that page (a banner at a card's top)", () => {
    const grey: Rgb = [247, 247, 247];
    const white: Rgb = [255, 255, 255];
    const orange: Rgb = [255, 159, 0];
    const r = page(600, 300, grey, [
      [6, 0, 588, 300, white],
      ...lines(30, 20, 520, 4),
      [6, 140, 588, 60, orange],
      ...lines(60, 165, 400, 1),
      ...lines(30, 220, 520, 3),
    ]);
    const { bands } = findBands(r, 1);
    expect(bands.map((b) => b.background)).toContainEqual(orange);
  });
});

describe("a gradient band", () => {
  it("is one band from its first row, though its dithering leaves every other row flat", () => {
    // Easy Email's offer band: a pink gradient under a grey band; every other row of it is one flat pink and the rows
    // between show the gradient's steps. Flat and busy rows alternated, each run one row, and each joined the grey
    // band above: the gradient's top 70 px and its heading were read on grey.
    const grey: Rgb = [248, 249, 250];
    const r = page(600, 400, grey, [[0, 300, 600, 100, [51, 51, 51]], ...lines(40, 30, 520, 3)]);
    for (let y = 120; y < 300; y++)
      for (let x = 0; x < 600; x++)
        r.data.set(y % 2 ? [255, 86, 104] : [255, 70 + Math.floor(x / 12), 88 + Math.floor(x / 12)], (y * 600 + x) * 3);
    const { bands } = findBands(r, 1);
    const pink = bands.find((b) => b.busy);
    expect(pink?.box.y).toBe(120);
    expect(pink?.box.height).toBe(180);
    expect(bands[0]).toMatchObject({ background: grey, box: { y: 0, height: 120 } });
  });
});

describe("a photo across the page", () => {
  it("is one busy band, though rows of a flat disc in it leave only the page beside them", () => {
    // Easy Email's 10 with photo-like pictures: a 510 px photo on a grey page whose disc, flat and as wide as most of a
    // row, left 23 rows that were not busy. The photo was cut into four bands, and the page's grey beside the disc,
    // read on the disc's colour, came back as an "i".
    const grey: Rgb = [245, 247, 250];
    const disc: Rgb = [156, 90, 149];
    const r = page(600, 700, grey, [...lines(40, 30, 520, 3)]);
    const grain = seededGrain(7, 24);
    for (let y = 120; y < 630; y++)
      for (let x = 45; x < 555; x++) {
        const inDisc = y >= 350 && y < 373 && x >= 60 && x < 540;
        const shade = Math.floor((x + y) / 20);
        r.data.set(inDisc ? disc : [150 + shade + grain(), 80 + grain(), 170 - shade + grain()], (y * 600 + x) * 3);
      }
    const { bands } = findBands(r, 1);
    const photo = bands.filter((b) => b.box.y + b.box.height > 120 && b.box.y < 630);
    expect(photo.map((b) => [b.box.y, b.box.height, b.busy])).toEqual([[120, 510, true]]);
  });
});

describe("a hero photo directly over a section with a photo beside its text", () => {
  it("is two busy bands, cut where the photo across the page ends", () => {
    // Colorlib's 15: its hero's photo runs straight into a section whose photo fills the left half, its text on the
    // page's light grey at the right. Busy all through, they were one band, and the section's text was set over a
    // crop of both.
    const page_: Rgb = [250, 250, 250];
    const r = page(600, 800, page_, []);
    const grain = seededGrain(11, 24);
    for (let y = 60; y < 760; y++)
      for (let x = 0; x < 600; x++) {
        const photo = y < 400 || x < 300;
        if (photo) r.data.set([140 + grain() + Math.floor(x / 30), 90 + grain(), 160 + grain()], (y * 600 + x) * 3);
      }
    for (let i = 0; i < 6; i++)
      for (let y = 470 + i * 24; y < 480 + i * 24; y++)
        for (let x = 330; x < 560; x++) if (x % 7 < 3) r.data.set([30, 30, 30], (y * 600 + x) * 3);
    const { bands } = findBands(r, 1);
    const busy = bands.filter((b) => b.busy).map((b) => [b.box.y, b.box.y + b.box.height]);
    expect(busy).toHaveLength(2);
    expect(busy[0]![1]).toBeGreaterThanOrEqual(398);
    expect(busy[0]![1]).toBeLessThanOrEqual(402);
    expect(busy[1]![0]).toBe(busy[0]![1]);
  });
});

describe("a dark photo with calm stretches", () => {
  it("is one busy band, its smooth rows in its colour part of it", () => {
    // Sendwithus's Skyline confirm with photo-like pictures: a navy hero whose grain fades in places; its calm rows
    // cut it into five bands, and two of its lines of text were lost between them.
    const navy: Rgb = [40, 56, 93];
    const r = page(600, 500, [255, 255, 255], []);
    const grain = seededGrain(5, 24);
    for (let y = 100; y < 400; y++)
      for (let x = 0; x < 600; x++) {
        const calm = (y >= 200 && y < 220) || (y >= 300 && y < 336);
        r.data.set(calm ? navy : [navy[0] + grain(), navy[1] + grain(), navy[2] + grain()], (y * 600 + x) * 3);
      }
    const { bands } = findBands(r, 1);
    expect(bands.map((b) => [b.box.y, b.box.height, b.busy])).toEqual([
      [0, 100, false],
      [100, 300, true],
      [400, 100, false],
    ]);
  });
});

describe("a photo whose top is a smooth wall", () => {
  it("is one busy band from its top edge to its bottom edge, not strips of drifting colour", () => {
    // Easy Email's autumn hero (decision 161): clothes on a rail before a pale wall, between black bands. Row by row
    // the wall is one colour, drifting a level every few rows: it was cut into seven bands, its strips read as words.
    const r = page(600, 700, [0, 0, 0], []);
    const grain = seededGrain(3, 3);
    for (let y = 91; y < 491; y++)
      for (let x = 0; x < 600; x++) {
        const t = (x + y - 91) / 1000;
        const wall = y < 291;
        const shade = wall ? 225 - 20 * t : 200 - 140 * t;
        const g = wall ? grain() - 1 : (grain() - 1) * 8;
        r.data.set([shade + g, shade - 7 + g, shade - 15 + g], (y * 600 + x) * 3);
      }
    const { bands } = findBands(r, 1);
    expect(bands.map((b) => [b.box.y, b.box.height, b.busy])).toEqual([
      [0, 91, false],
      [91, 400, true],
      [491, 209, false],
    ]);
  });
});
