import type { TDesignLayout, TLayoutColumn } from "@mailsmith/shared";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { emailFromLayout } from "../src/design-reader/email-from-layout.js";
import { layoutOfRows } from "../src/design-reader/layout-fixture.js";
import { processEmail } from "../src/email-engine/index.js";
import { loadEnv } from "../src/env.js";

// What a reader sees of the engine's layout changes, in real Chromium (the corpus render test covers real templates).

let renderer: Renderer;

beforeAll(() => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log: pino({ level: "silent" }) });
});

afterAll(async () => {
  await renderer?.close();
});

/** The top-left corner of the red block (a generated email sits in our skeleton, a little way in from the edge). */
async function findRed(png: Buffer): Promise<{ x: number; y: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) return { x, y };
    }
  }
  throw new Error("no red block in the picture");
}

async function colourAt(png: Buffer, x: number, y: number): Promise<"red" | "blue" | "other"> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
  if (r > 200 && g < 60 && b < 60) return "red";
  if (b > 200 && r < 60 && g < 60) return "blue";
  return "other";
}

/**
 * Two blocks side by side by flex, turned into a column on phones by the author's media query: with a non-flex
 * display (resourceful-humans' transactional emails) or a column direction (Tailwind's `sm:flex-col`, and what models
 * write). Red and blue stand for a picture and a block of text.
 */
const flexRow = (phoneRule: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Flex row</title><style>
  body { margin: 0 }
  @media only screen and (max-width: 480px) { .row { ${phoneRule} } }
</style></head><body>
<div class="row" style="display: flex;">
  <div style="width: 200px; height: 120px; background: #ff0000;"></div>
  <div style="width: 200px; height: 120px; background: #0000ff;"></div>
</div>
</body></html>`;

describe("the email engine's layout changes, rendered", { timeout: 120_000 }, () => {
  it.each([
    ["display: block !important;", "existing"],
    ["flex-direction: column !important;", "existing"],
    ["flex-direction: column;", "generated"],
  ] as const)(
    "keeps a flex row of blocks side by side at 600 px and stacks it on a phone by `%s` (%s)",
    async (phoneRule, source) => {
      const processed = processEmail({ html: flexRow(phoneRule), source }).html;
      expect(processed).not.toMatch(/display:\s*flex/);
      const [wide, phone] = await Promise.all([
        renderer.render({ html: processed, width: 600 }),
        renderer.render({ html: processed, width: 375 }),
      ]);
      // Side by side: red, then blue on the same band (without flex, and without the table, blue went below red).
      const top = (png: Buffer) => findRed(png);
      const wideRed = await top(wide.png);
      expect([
        await colourAt(wide.png, wideRed.x + 100, wideRed.y + 60),
        await colourAt(wide.png, wideRed.x + 300, wideRed.y + 60),
      ]).toEqual(["red", "blue"]);
      // On a phone the media query stacks them: blue below red, nothing to its right.
      const phoneRed = await findRed(phone.png);
      expect([
        await colourAt(phone.png, phoneRed.x + 100, phoneRed.y + 60),
        await colourAt(phone.png, phoneRed.x + 300, phoneRed.y + 60),
      ]).toEqual(["red", "other"]);
      expect(await colourAt(phone.png, phoneRed.x + 100, phoneRed.y + 180)).toBe("blue");
    },
  );
});

/**
 * Easy Email 2's header as the reader measured it in the 600 px mock-up: the logo's name at the left, then four
 * 13 px menu links 20 px apart, each column running to the next one's left edge.
 */
function logoAndMenu(): TDesignLayout {
  const textColumn = (text: string, x: number, w: number, colX: number, colW: number, size: number): TLayoutColumn => ({
    box: { x: colX, y: 50, width: colW, height: 30 },
    background: null,
    blocks: [
      {
        kind: "text",
        role: "body",
        box: { x, y: 58, width: w, height: size },
        text,
        lines: [{ text, box: { x, y: 58, width: w, height: size }, words: [] }],
        fontSizePx: size,
        fontWeight: "normal",
        colour: "#000000",
        align: "left",
        uncertain: [],
      },
    ],
  });
  const columns = [
    textColumn("Easy Email Pro", 81, 108.5, 0, 255, 18),
    textColumn("SHOP", 321, 36.5, 255, 112, 13),
    textColumn("ABOUT", 377.5, 45, 367, 65, 13),
    textColumn("CONTACT", 442.5, 61, 432, 82, 13),
    textColumn("BLOG", 524, 35.5, 514, 86, 13),
  ];
  return {
    ...layoutOfRows([columns], { height: 200 }),
    text: columns.map((c) => (c.blocks[0] as { text: string }).text).join(" "),
  };
}

/** Each listed word's line boxes (a word broken over two lines has two) and its top, as the browser set them. */
const WORD_BOXES = `(() => {
  const out = {};
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.data.matchAll(/[A-Za-z]+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const rects = [...r.getClientRects()].filter((x) => x.width > 0);
      if (rects.length) out[m[0]] = { boxes: rects.length, top: Math.round(rects[0].top), left: Math.round(rects[0].left) };
    }
  }
  return out;
})()`;

describe("the reader's email on a phone, rendered", { timeout: 120_000 }, () => {
  it("sets a logo above its menu on a phone, each link's word whole, and keeps the desktop row as designed", async () => {
    const html = processEmail({ html: emailFromLayout([logoAndMenu()]).html, source: "existing" }).html;
    type Boxes = Record<string, { boxes: number; top: number; left: number }>;
    const [phone, wide] = (await Promise.all([
      renderer.audit!({ html, width: 375, script: WORD_BOXES }),
      renderer.audit!({ html, width: 600, script: WORD_BOXES }),
    ])) as [Boxes, Boxes];
    const links = ["SHOP", "ABOUT", "CONTACT", "BLOG"];
    // Before: "ABOU / T" and "CONTA / CT", each link in its share of the phone beside the logo.
    for (const w of links) expect(phone[w]?.boxes, w).toBe(1);
    // The menu is one line under the logo, centred on the phone.
    expect(new Set(links.map((w) => phone[w]!.top)).size).toBe(1);
    expect(phone.SHOP!.top).toBeGreaterThan(phone.Pro!.top + 15);
    const menuLeft = phone.SHOP!.left;
    const menuRight = phone.BLOG!.left + 36;
    expect(Math.abs(menuLeft - (375 - menuRight))).toBeLessThan(24);
    // On a desktop one row, each link where the design has it.
    for (const w of links) expect(Math.abs(wide[w]!.top - wide.Pro!.top)).toBeLessThan(6);
    expect(wide.SHOP!.left - wide.Easy!.left).toBeCloseTo(321 - 81, -1);
  });
});
