import type { TDesignLayout } from "@mailsmith/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compareWithDesign } from "./compare.js";
import { toRaster } from "./normalise.js";
import { findBands } from "./sections.js";
import { blockMatch } from "./visual.js";

/** Five bands like an email's: a blue header, text on white, a grey picture, text, a dark footer. */
const BANDS = [
  { y: 0, h: 120, fill: "#1d4ed8", bars: 1 },
  { y: 120, h: 200, fill: "#ffffff", bars: 4 },
  { y: 320, h: 220, fill: "#e2e8f0", bars: 0 },
  { y: 540, h: 200, fill: "#ffffff", bars: 3 },
  { y: 740, h: 120, fill: "#0f172a", bars: 2 },
];
type Band = (typeof BANDS)[number];

async function email(bands: Band[] = BANDS): Promise<Buffer> {
  let y = 0;
  let body = "";
  for (const b of bands) {
    body += `<rect x="0" y="${y}" width="600" height="${b.h}" fill="${b.fill}"/>`;
    const ink = b.fill === "#ffffff" || b.fill === "#e2e8f0" ? "#333333" : "#f8fafc";
    for (let i = 0; i < b.bars; i++)
      body += `<rect x="60" y="${y + 30 + i * 40}" width="${460 - i * 50}" height="14" fill="${ink}"/>`;
    y += b.h;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${y}">${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The layout the design reader would give for BANDS (sections only; the rest is not read here). */
function layout(words: string[]): TDesignLayout {
  return {
    width: 600,
    height: 860,
    scale: 1,
    content: { x: 0, y: 0, width: 600, height: 860 },
    outerBackground: "#ffffff",
    sections: BANDS.map((b, i) => ({
      box: { x: 0, y: b.y, width: 600, height: b.h },
      background: b.fill,
      rows: [
        {
          box: { x: 0, y: b.y, width: 600, height: b.h },
          columns: [
            {
              box: { x: 0, y: b.y, width: 600, height: b.h },
              background: null,
              blocks: [
                {
                  kind: "text" as const,
                  box: { x: 60, y: b.y + 30, width: 460, height: 14 },
                  text: words[i] ?? "",
                  lines: [],
                  role: "body" as const,
                  uncertain: [],
                  fontSizePx: 16,
                  fontWeight: "normal" as const,
                  colour: "#333333",
                  align: "left" as const,
                },
              ],
            },
          ],
        },
      ],
    })),
    text: words.join(" "),
    language: "en",
    unreadable: [],
    timing: { ocrSeconds: 0, layoutSeconds: 0 },
  };
}

const WORDS = [
  "Spring collection arrives",
  "Fresh linen shirts tailored summer evenings",
  "",
  "Order before Friday delivery included",
  "Unsubscribe preferences address",
];

describe("fidelity per section (issue 43 item 4)", () => {
  it("finds the bands of a picture without a layout: one per background colour", async () => {
    const bands = findBands(await toRaster(await email()));
    expect(bands.length).toBe(5);
  });

  it("reports no section of an identical email and scores it 100 with the reader's text", async () => {
    const a = await email();
    const r = await compareWithDesign({
      design: a,
      rendered: a,
      designLayout: layout(WORDS),
      renderedText: WORDS.join(" "),
    });
    expect(r.score).toBe(100);
    expect(r.parts.text).toBe(100);
    expect(r.sections).toEqual([]);
  });

  it("uses the reader's text when the model gave none: the text part is there", async () => {
    const a = await email();
    const r = await compareWithDesign({ design: a, rendered: a, designLayout: layout(WORDS), renderedText: "Spring" });
    expect(r.parts.text).not.toBeNull();
    expect(r.parts.text!).toBeLessThan(40);
  });

  it("names the section whose colour changed, with both colours", async () => {
    const changed = BANDS.map((b, i) => (i === 3 ? { ...b, fill: "#fde68a" } : b));
    const r = await compareWithDesign({
      design: await email(),
      rendered: await email(changed),
      designLayout: layout(WORDS),
    });
    expect(r.sections.map((s) => s.index)).toEqual([4]);
    expect(r.sections[0]!.differences).toContain("colour");
    expect(r.sections[0]!.designColour).toBe("#ffffff");
  });

  it("names a missing section and the words it lacks", async () => {
    const without = BANDS.filter((_, i) => i !== 1);
    const words = WORDS.filter((_, i) => i !== 1).join(" ");
    const r = await compareWithDesign({
      design: await email(),
      rendered: await email(without),
      designLayout: layout(WORDS),
      renderedText: words,
    });
    const second = r.sections.find((s) => s.index === 2);
    expect(second?.differences).toEqual(expect.arrayContaining(["missing", "text"]));
    expect(second?.missingWords).toEqual(expect.arrayContaining(["linen", "shirts"]));
    expect(r.sections.filter((s) => s.index !== 2 && s.index !== null)).toEqual([]);
  });

  it("names a section much taller than the design's, and content the design does not have", async () => {
    const taller = BANDS.map((b, i) => (i === 2 ? { ...b, h: 400 } : b));
    const r = await compareWithDesign({
      design: await email(),
      rendered: await email(taller),
      designLayout: layout(WORDS),
    });
    expect(r.sections.find((s) => s.index === 3)?.differences).toContain("height");
    const added = [...BANDS.slice(0, 4), { y: 0, h: 200, fill: "#ffffff", bars: 4 }, BANDS[4]!];
    const extra = await compareWithDesign({
      design: await email(),
      rendered: await email(added),
      designLayout: layout(WORDS),
    });
    expect(extra.sections.some((s) => s.index === null && s.differences[0] === "extra")).toBe(true);
  });

  it("draws each differing section's design crop beside the email's", async () => {
    const changed = BANDS.map((b, i) => (i === 0 ? { ...b, fill: "#15803d" } : b));
    const r = await compareWithDesign({
      design: await email(),
      rendered: await email(changed),
      designLayout: layout(WORDS),
      sectionPictures: true,
    });
    expect(r.sectionPictures).toHaveLength(r.sections.length);
    const meta = await sharp(r.sectionPictures![0]!).metadata();
    expect(meta.width).toBe(612);
    // Left: the design's blue header; right: the email's green one.
    const { data, info } = await sharp(r.sectionPictures![0]!).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number) => [...data.subarray((5 * 612 + x) * info.channels, (5 * 612 + x) * info.channels + 3)];
    expect(at(10)).toEqual([0x1d, 0x4e, 0xd8]);
    expect(at(600)).toEqual([0x15, 0x80, 0x3d]);
  });
});

describe("visual block match (8 × 8 px blocks)", () => {
  it("is 1 for the same picture, tolerates a small shift, and falls with content that moved far", async () => {
    const a = await toRaster(await email(), 600);
    expect(blockMatch(a, a).all).toBe(1);
    const shifted = BANDS.map((b, i) => (i === 0 ? { ...b, h: b.h + 10 } : b));
    expect(blockMatch(a, await toRaster(await email(shifted), 600)).all).toBeGreaterThan(0.97);
    const moved = BANDS.map((b, i) => (i === 0 ? { ...b, h: b.h + 200 } : b));
    expect(blockMatch(a, await toRaster(await email(moved), 600)).all).toBeLessThan(0.7);
  });
});
