import { readFileSync } from "node:fs";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { darkModeCheck } from "../src/email-engine/fixes/dark-mode.js";
import { processEmail } from "../src/email-engine/index.js";
import { renderReport } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";

// Issue 37 items 3 and 5 in real Chromium (decision 109): the Outlook preview and its differences, and the dark-mode
// repair measured on the forced-dark picture.

let renderer: Renderer;
beforeAll(() => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log: pino({ level: "silent" }) });
});
afterAll(async () => {
  await renderer?.close();
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/outlook/${name}.html`, import.meta.url), "utf8");
const processed = (html: string) => processEmail({ html, source: "existing" }).html;

describe("the classic Outlook preview", { timeout: 120_000 }, () => {
  it("renders a fifth picture and lists the padding button's differences in plain words", async () => {
    const outcome = await renderReport(renderer, processed(fixture("button-padding")));
    expect(outcome.renders?.outlook.widthPx).toBe(600);
    const check = outcome.checks.find((c) => c.id === "outlook-differences");
    expect(check?.status).toBe("warn");
    expect(check?.items).toEqual(
      expect.arrayContaining([
        expect.stringContaining("The button loses its padding"),
        "The rounded corners become square.",
      ]),
    );
  });

  it("the VML button is not flagged", async () => {
    const outcome = await renderReport(renderer, processed(fixture("button-vml")));
    expect(outcome.checks.find((c) => c.id === "outlook-differences")?.status).toBe("pass");
  });

  it("hybrid columns: stacked in the Outlook picture without a ghost table, side by side with one", async () => {
    const broken = await renderReport(renderer, processed(fixture("columns-without-ghost-table")));
    expect(await sideBySide(broken.renders!.desktop.png)).toBe(true);
    expect(await sideBySide(broken.renders!.outlook.png)).toBe(false);
    expect(broken.checks.find((c) => c.id === "outlook-differences")?.items).toContain(
      "The columns do not sit side by side: Outlook ignores inline-block, flex and grid, so they stack.",
    );
    const fixed = await renderReport(renderer, processed(fixture("columns-with-ghost-table")));
    expect(await sideBySide(fixed.renders!.outlook.png)).toBe(true);
    expect(fixed.checks.find((c) => c.id === "outlook-differences")?.items ?? []).not.toContain(
      expect.stringContaining("columns"),
    );
  });
});

/** Some row of the picture holds both columns' colours (#e8eef7 and #f7e8e8): they sit side by side. */
async function sideBySide(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const is = (i: number, r: number, g: number, b: number) =>
    Math.abs(data[i]! - r) < 3 && Math.abs(data[i + 1]! - g) < 3 && Math.abs(data[i + 2]! - b) < 3;
  for (let y = 0; y < info.height; y++) {
    let one = false;
    let two = false;
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      one ||= is(i, 0xe8, 0xee, 0xf7);
      two ||= is(i, 0xf7, 0xe8, 0xe8);
    }
    if (one && two) return true;
  }
  return false;
}

/** The WCAG contrast between the box's background (its corner) and the text pixel farthest from it. */
async function textContrast(png: Buffer, box: { x: number; y: number; w: number; h: number }): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  const bg = at(box.x + 2, box.y + 2);
  let far = bg;
  let farD = -1;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) {
      const p = at(x, y);
      const d = Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]);
      if (d > farD) [farD, far] = [d, p];
    }
  const lum = ([r, g, b]: readonly number[]) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const [a, b] = [lum(bg), lum(far)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const VANISHING = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sale</title></head>
<body style="margin:0;background:#ffffff"><table role="presentation" width="375" cellpadding="0" cellspacing="0" border="0">
<tr><td height="120" style="background-color:#cccccc;color:#555555;font-family:Arial,sans-serif;font-size:32px;font-weight:bold;padding:0 16px">Summer sale</td></tr>
<tr><td height="120" style="background-color:#f5c518;color:#000000;font-family:Arial,sans-serif;font-size:32px;font-weight:bold;padding:0 16px">Shop now</td></tr>
</table></body></html>`;

describe("the dark-mode repair", { timeout: 120_000 }, () => {
  it("text that vanishes in the forced-dark picture reaches 3:1 after the fix", async () => {
    const boxes = [
      { x: 0, y: 0, w: 375, h: 120 },
      { x: 0, y: 120, w: 375, h: 120 },
    ];
    const before = processEmail({ html: VANISHING, source: "existing" });
    const darkBefore = await renderer.render({ html: before.html, width: 375, forcedDark: true });
    for (const box of boxes) expect(await textContrast(darkBefore.png, box)).toBeLessThan(3);

    const after = processEmail({ html: VANISHING, source: "existing", fixes: ["dark-mode"] });
    expect(after.fixes.map((f) => f.id)).toEqual([
      "dark-mode.vanishing",
      "dark-mode.vanishing",
      "dark-mode.color-scheme",
    ]);
    expect(after.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(after.html).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(after.html).toMatch(
      /@media \(prefers-color-scheme: dark\)\{\.ms-dark-1\{background-color:#[0-9a-f]{6} !important\}/,
    );
    expect(after.html).toContain("[data-ogsc] .ms-dark-1-text{color:");
    // The report's check agrees with the pictures: it warns before and passes after.
    expect(darkModeCheck(before.html)).toMatchObject({
      status: "warn",
      items: expect.arrayContaining([expect.stringContaining("Summer sale")]),
    });
    expect(darkModeCheck(after.html).status).toBe("pass");
    const darkAfter = await renderer.render({ html: after.html, width: 375, forcedDark: true });
    for (const box of boxes) expect(await textContrast(darkAfter.png, box)).toBeGreaterThanOrEqual(3);
    // The light picture keeps at least its contrast.
    const lightBefore = await renderer.render({ html: before.html, width: 375 });
    const lightAfter = await renderer.render({ html: after.html, width: 375 });
    for (const box of boxes)
      expect(await textContrast(lightAfter.png, box)).toBeGreaterThanOrEqual(
        (await textContrast(lightBefore.png, box)) - 0.05,
      );
    // The dark scheme (clients that honour prefers-color-scheme) shows the written dark colours.
    const scheme = await renderer.render({ html: after.html, width: 375, colorScheme: "dark" });
    for (const box of boxes) expect(await textContrast(scheme.png, box)).toBeGreaterThanOrEqual(3);
  });

  it("changes nothing when no text vanishes", () => {
    const html = VANISHING.replace("#cccccc", "#ffffff").replace("#f5c518", "#ffffff");
    expect(processEmail({ html, source: "existing", fixes: ["dark-mode"] }).fixes).toEqual([]);
  });
});
