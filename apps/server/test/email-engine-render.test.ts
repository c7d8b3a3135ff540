import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
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
