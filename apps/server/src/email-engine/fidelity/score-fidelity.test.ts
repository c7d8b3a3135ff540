import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { colourDistance, type PaletteColour } from "./colour.js";
import { summariseDifferences } from "./diff-summary.js";
import { renderWidthFor } from "./render-width.js";
import { buildRepairRequest } from "./repair.js";
import { analyseFidelity, scoreFidelity } from "./score-fidelity.js";
import { textSimilarity } from "./text.js";
import { visualSimilarity } from "./visual.js";

const FONT = "Liberation Sans, Arial, sans-serif";

/** A small "email": a coloured header, three text-like bars, a button, on white. */
async function email(opts: { header?: string; button?: string; bars?: number; gap?: number } = {}): Promise<Buffer> {
  const header = opts.header ?? "#1d4ed8";
  const button = opts.button ?? "#dc2626";
  const gap = opts.gap ?? 40;
  let y = 140;
  let bars = "";
  for (let i = 0; i < (opts.bars ?? 3); i++) {
    bars += `<rect x="60" y="${y}" width="${480 - i * 60}" height="14" fill="#333"/>`;
    y += gap;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${y + 160}">
    <rect width="100%" height="100%" fill="#ffffff"/><rect width="600" height="100" fill="${header}"/>
    <circle cx="80" cy="50" r="30" fill="#fbbf24"/>${bars}
    <rect x="200" y="${y + 30}" width="200" height="50" rx="6" fill="${button}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("scoreFidelity", () => {
  it("gives an identical picture 100 and leaves text out when the design has none", async () => {
    const a = await email();
    const r = await scoreFidelity({ design: a, rendered: a });
    expect(r.score).toBe(100);
    expect(r.parts).toEqual({ structure: 100, colour: 100, text: null });
  });

  it("gives the same email near 100 when the design was exported with empty page below it", async () => {
    const a = await email();
    const { height = 0 } = await sharp(a).metadata();
    // A full-page screenshot of a short email: 300 px more of the white page under it.
    const tall = await sharp(a).extend({ bottom: 300, background: "#ffffff" }).png().toBuffer();
    expect(height).toBeGreaterThan(0);
    const r = await scoreFidelity({ design: tall, rendered: a });
    expect(r.parts.structure).toBeGreaterThanOrEqual(95);
    expect(r.score).toBeGreaterThanOrEqual(95);
  });

  it("scores the same email above 90 when it ends on its dark footer and the design on a few rows of white", async () => {
    // Easy Email's 2: a brown footer, and 20 px of white page under it in the design only. Read one positive and one
    // negative from their bottom rows, every row was unlike every row: 54 here, 52 there for a copy 98 % alike to the
    // eye. (The 20 rows of white the email lacks keep it off 100.)
    const a = await email({ bars: 6 });
    const footed = await sharp(a).extend({ bottom: 90, background: "#4a2512" }).png().toBuffer();
    const design = await sharp(footed).extend({ bottom: 20, background: "#ffffff" }).png().toBuffer();
    const r = await scoreFidelity({ design, rendered: footed });
    expect(r.parts.structure).toBeGreaterThanOrEqual(90);
    expect(r.parts.colour).toBeGreaterThanOrEqual(90);
    expect(r.score).toBeGreaterThanOrEqual(90);
  });

  it("scores a copy in other colours lower on colour, not on structure", async () => {
    const a = await email();
    const b = await email({ header: "#15803d", button: "#7c3aed" });
    const r = await scoreFidelity({ design: a, rendered: b });
    expect(r.parts.colour).toBeLessThan(90);
    expect(r.parts.structure).toBeGreaterThan(r.parts.colour);
    expect(r.score).toBeLessThan(100);
  });

  it("scores the right layout in inverted colours above another layout in the right colours (decision 111)", async () => {
    const a = await email({ bars: 6 });
    const inverted = await scoreFidelity({ design: a, rendered: await sharp(a).negate({ alpha: false }).toBuffer() });
    const otherLayout = await scoreFidelity({ design: a, rendered: await email({ bars: 2, gap: 90 }) });
    expect(inverted.parts.structure).toBeGreaterThan(95);
    expect(inverted.score).toBeGreaterThan(otherLayout.score);
  });

  it("forgives spacing more than missing content", async () => {
    const a = await email({ bars: 6 });
    const spaced = await scoreFidelity({ design: a, rendered: await email({ bars: 6, gap: 52 }) });
    const missing = await scoreFidelity({ design: a, rendered: await email({ bars: 2 }) });
    expect(spaced.parts.structure).toBeGreaterThan(missing.parts.structure);
  });

  it("with the design's words, ranks a paragraph reflowed a few pixels lower above a missing button, as the visual measure does (decision 157)", async () => {
    const words =
      "Your order has shipped and will arrive on Thursday. Track it any time from your account page, or reply to this email if something is not right with it.";
    /** A header, the paragraph wrapped at `width` px and set `dy` px lower, and a button under it (unless left out). */
    const letter = (dy: number, width: number, button = true) => {
      const lines: string[] = [];
      let line = "";
      for (const w of words.split(" ")) {
        const longer = line ? `${line} ${w}` : w;
        if (longer.length * 9 > width) {
          lines.push(line);
          line = w;
        } else line = longer;
      }
      lines.push(line);
      const text = lines
        .map(
          (l, i) =>
            `<text x="60" y="${170 + dy + i * 26}" font-family="${FONT}" font-size="16" fill="#333">${l}</text>`,
        )
        .join("");
      const cta = button ? `<rect x="200" y="${380 + dy}" width="200" height="50" rx="6" fill="#dc2626"/>` : "";
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="500"><rect width="100%" height="100%"
        fill="#ffffff"/><rect width="600" height="100" fill="#1d4ed8"/>${text}${cta}</svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    };
    const design = await letter(0, 480);
    const reflowed = await letter(6, 440);
    const noButton = await letter(0, 480, false);
    // The reference: the outside visual measure sees the reflowed paragraph as the closer of the two.
    expect((await visualSimilarity(design, reflowed, 600)).all).toBeGreaterThan(
      (await visualSimilarity(design, noButton, 600)).all,
    );
    const score = (rendered: Buffer) =>
      scoreFidelity({ design, rendered, designText: words, renderedText: words }).then((r) => r.score);
    // SSIM, window by window, took the moved lines for a bigger change than the lost button (92 against 93.1).
    expect(await score(reflowed)).toBeGreaterThan(await score(noButton));
  });

  it("compares pictures of different formats and widths (a JPEG design at 2x)", async () => {
    const a = await email();
    const jpeg2x = await sharp(a).resize({ width: 1200 }).jpeg({ quality: 90 }).toBuffer();
    const r = await scoreFidelity({ design: jpeg2x, rendered: a });
    expect(r.score).toBeGreaterThan(90);
  });

  it("is deterministic", async () => {
    const a = await email();
    const b = await email({ header: "#0f766e", bars: 4 });
    const r1 = await scoreFidelity({ design: a, rendered: b, designText: "Spring sale", renderedText: "Sale" });
    const r2 = await scoreFidelity({ design: a, rendered: b, designText: "Spring sale", renderedText: "Sale" });
    expect(r1).toEqual(r2);
  });
});

describe("textSimilarity", () => {
  it("is 1 for the same words whatever the case, accents and punctuation", () => {
    expect(textSimilarity("Spring SALE — 50% off! Café", "spring sale 50 off cafe")).toBeCloseTo(1, 5);
  });
  it("does not count footer words the email adds against it", () => {
    expect(textSimilarity("Spring sale 50 off", "Spring sale 50 off Unsubscribe View in browser")).toBeGreaterThan(
      0.85,
    );
  });
  it("drops with missing words", () => {
    const all = textSimilarity(
      "Spring sale fifty percent off everything today",
      "Spring sale fifty percent off everything today",
    );
    const half = textSimilarity("Spring sale fifty percent off everything today", "Spring sale fifty");
    expect(half).toBeLessThan(all - 0.3);
  });
});

describe("difference summary and repair request", () => {
  it("names the missing colour, the missing words and a region that differs", async () => {
    const design = await email({ header: "#1d4ed8" });
    const rendered = await email({ header: "#ffffff", bars: 1 });
    const a = await analyseFidelity({
      design,
      rendered,
      designText: "Spring collection arrives",
      renderedText: "Spring",
    });
    const s = summariseDifferences(a, { designText: "Spring collection arrives", renderedText: "Spring" });
    expect(s.missingColours.map((c) => c.hex)).toContain("#1d4ed8");
    expect(s.missingWords).toEqual(["collection", "arrives"]);
    expect(s.regions.length).toBeGreaterThan(0);
    const prompt = buildRepairRequest({
      designText: "Spring collection arrives",
      parts: a.parts,
      diffSummary: s,
      previous: "<table></table>",
    });
    expect(prompt).toContain("#1d4ed8");
    expect(prompt).toContain("collection, arrives");
    expect(prompt).toContain("<table></table>");
  });
});

describe("renderWidthFor", () => {
  it("keeps natural widths, halves @2x exports and clamps", () => {
    expect(renderWidthFor(600)).toBe(600);
    expect(renderWidthFor(1200)).toBe(600);
    expect(renderWidthFor(200)).toBe(320);
    expect(renderWidthFor(2400)).toBe(1000);
  });
});

describe("withImagePlaceholders (decision 111)", () => {
  it("turns pictures the renderer cannot load into grey boxes of their size, and leaves inline ones", async () => {
    const { withImagePlaceholders } = await import("./placeholders.js");
    const out = withImagePlaceholders(
      '<img src="https://cdn.example.com/hero.jpg" width="600"><img src="https://cdn.example.com/a.png" style="width:200px;height:80px"><img src="data:image/png;base64,AAAA" width="10">',
    );
    const svgs = [...out.matchAll(/data:image\/svg\+xml;base64,([^"]+)/g)].map((m) =>
      Buffer.from(m[1]!, "base64").toString(),
    );
    expect(svgs).toHaveLength(2);
    expect(svgs[0]).toContain('width="600" height="300"');
    expect(svgs[1]).toContain('width="200" height="80"');
    expect(out).toContain("data:image/png;base64,AAAA");
    const own = '<img src="https://app.example/uploads/a.png" width="100">';
    expect(withImagePlaceholders(own, ["https://app.example"])).toBe(own);
  });
});

describe("colourDistance", () => {
  const colour = (hex: string, coverage: number): PaletteColour => ({
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
    coverage,
    hex,
  });
  // Easy Email's 30: white and dark grey cover nearly as much of it each; in a copy 99 % alike their order swaps.
  const design = [
    colour("#ffffff", 0.224),
    colour("#2a2a2a", 0.213),
    colour("#f5e4bd", 0.168),
    colour("#e5b06f", 0.103),
    colour("#559276", 0.103),
    colour("#b9e8e4", 0.041),
  ];
  const swapped = [design[1]!, design[0]!, ...design.slice(2)].map((c, i) => ({
    ...c,
    coverage: [0.215, 0.214][i] ?? c.coverage,
  }));

  it("keeps two palettes alike when their two first colours swap places (10 ΔE before: half the colour part)", () => {
    expect(colourDistance(design, swapped)).toBeLessThan(2);
  });

  it("takes a background split in two shades by the quantiser for one background (10.5 ΔE before)", () => {
    // Easy Email's 12 with photo-like pictures: its page #fcfcfc (62 %) came back as #ffffff (43 %) and #f8f8f8 (19 %).
    const page = [colour("#fcfcfc", 0.62), colour("#2bacc1", 0.1), colour("#5240ca", 0.05), colour("#4f54be", 0.05)];
    const split = [colour("#ffffff", 0.43), colour("#f8f8f8", 0.19), ...page.slice(1)];
    expect(colourDistance(page, split)).toBeLessThan(2);
  });

  it("still tells an email in other colours apart by its accents", () => {
    const inverted = design.map((c) =>
      colour(`#${[c.r, c.g, c.b].map((v) => (255 - v).toString(16).padStart(2, "0")).join("")}`, c.coverage),
    );
    expect(colourDistance(design, inverted)).toBeGreaterThan(15);
  });
});
