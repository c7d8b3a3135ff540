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

async function colourAt(png: Buffer, x: number, y: number): Promise<"red" | "blue" | "other"> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
  if (r > 200 && g < 60 && b < 60) return "red";
  if (b > 200 && r < 60 && g < 60) return "blue";
  return "other";
}

/**
 * A picture beside a block of text, laid out by flex and turned into a column on phones by the author's media query
 * (resourceful-humans' transactional emails). Red and blue stand for the two blocks.
 */
const FLEX_ROW = `<!doctype html><html><head><meta charset="utf-8"><title>Flex row</title><style>
  body { margin: 0 }
  @media only screen and (max-width: 480px) { .row { display: block !important; } }
</style></head><body>
<div class="row" style="display: flex;">
  <div style="width: 200px; height: 120px; background: #ff0000;"></div>
  <div style="width: 200px; height: 120px; background: #0000ff;"></div>
</div>
</body></html>`;

describe("the email engine's layout changes, rendered", { timeout: 120_000 }, () => {
  it("keeps a flex row of blocks side by side at 600 px and stacks it on a phone as the author's rule did", async () => {
    const processed = processEmail({ html: FLEX_ROW, source: "existing" }).html;
    expect(processed).not.toMatch(/display:\s*flex/);
    const [wide, phone] = await Promise.all([
      renderer.render({ html: processed, width: 600 }),
      renderer.render({ html: processed, width: 375 }),
    ]);
    // Side by side: red, then blue on the same band (without flex, and without the table, blue went below red).
    expect([await colourAt(wide.png, 100, 60), await colourAt(wide.png, 300, 60)]).toEqual(["red", "blue"]);
    // On a phone the media query stacks them: blue below red, nothing to its right.
    expect([await colourAt(phone.png, 100, 60), await colourAt(phone.png, 300, 60)]).toEqual(["red", "other"]);
    expect(await colourAt(phone.png, 100, 180)).toBe("blue");
  });
});
