import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { contrastRatio, type Rgb } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";

// Sonner's light-theme toast colours are CSS variables; index.css darkens the text ones. This reads both files as
// shipped, so a Sonner upgrade that changes a background, or an edit to index.css, is caught here and not by axe
// during an unrelated end-to-end test (CI failed that way once: success text 4.25:1).
const sonnerCss = readFileSync(createRequire(import.meta.url).resolve("sonner/dist/styles.css"), "utf8");
const ourCss = readFileSync(new URL("./index.css", import.meta.url), "utf8");

function lightBlock(css: string, selector: string): string {
  const start = css.indexOf(selector);
  if (start < 0) throw new Error(`no ${selector} block`);
  return css.slice(start, css.indexOf("}", start));
}

function hslVariable(block: string, name: string): Rgb {
  const match = new RegExp(`--${name}:\\s*hsl\\((\\d+),\\s*(\\d+)%,\\s*(\\d+)%\\)`).exec(block);
  if (!match) throw new Error(`no --${name}`);
  const [h, s, l] = [Number(match[1]), Number(match[2]) / 100, Number(match[3]) / 100];
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

describe("toast colours", () => {
  const sonner = lightBlock(sonnerCss, "[data-sonner-toaster][data-sonner-theme='light'] {");
  const ours = lightBlock(ourCss, 'html [data-sonner-toaster][data-sonner-theme="light"] {');

  it.each(["success", "error", "warning", "info"])("%s text reaches 4.5:1 on its background", (type) => {
    const ratio = contrastRatio(hslVariable(ours, `${type}-text`), hslVariable(sonner, `${type}-bg`));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it("Sonner's own text colours would not (the override is still needed)", () => {
    const ratio = contrastRatio(hslVariable(sonner, "warning-text"), hslVariable(sonner, "warning-bg"));
    expect(ratio).toBeLessThan(4.5);
  });
});
