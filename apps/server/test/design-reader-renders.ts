import { chromium } from "playwright-core";
import { captureScreenshot } from "../src/adapters/renderer/capture.js";
import { loadCorpus } from "./fixtures/email-corpus/load.js";
import { words } from "./fixtures/email-corpus/visible-text.js";

/**
 * Design pictures for the design reader's corpus suite and `npm run reader:measure`: a corpus template drawn by
 * Chromium as a member's design would be — at 600 CSS px (a desktop export) or at 375 CSS px × 3 (a phone
 * screenshot) — with the words a person sees on it (the page's innerText). Nothing is loaded from the network, so
 * remote pictures show as the browser's empty boxes.
 */

export interface DesignRender {
  id: string;
  view: keyof typeof RENDER_VIEWS;
  png: Buffer;
  /** The visible words (normalised as visible-text.ts does). */
  words: string[];
}

export const RENDER_VIEWS = {
  desktop: { width: 600, deviceScaleFactor: 1 },
  /** A template 640 px wide (a 600 px box with its margins), exported whole. */
  wide: { width: 640, deviceScaleFactor: 1 },
  phone: { width: 375, deviceScaleFactor: 3 },
} as const;

/** Taller designs are cut here (a design image is one screen to a few screens long). */
const MAX_CSS_HEIGHT = 2400;

export async function renderCorpusDesigns(opts: {
  ids?: string[];
  views: (keyof typeof RENDER_VIEWS)[];
}): Promise<DesignRender[]> {
  const corpus = await loadCorpus({ only: (m) => !opts.ids || opts.ids.includes(m.id) });
  return renderHtmlDesigns(
    corpus.map((t) => ({ id: t.id, html: t.html })),
    opts.views,
  );
}

export async function renderHtmlDesigns(
  /** `width`: the page's own width in CSS px, where the view's would cut it (a 602 px template). */
  pages: { id: string; html: string; width?: number }[],
  views: (keyof typeof RENDER_VIEWS)[],
): Promise<DesignRender[]> {
  const browser = await chromium.launch({
    executablePath: process.env.RENDERER_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
  });
  const out: DesignRender[] = [];
  try {
    for (const viewName of views) {
      const view = RENDER_VIEWS[viewName];
      const context = await browser.newContext({
        viewport: { width: view.width, height: 800 },
        deviceScaleFactor: view.deviceScaleFactor,
      });
      await context.route("**/*", (route) =>
        route.request().url().startsWith("data:") ? route.continue() : route.abort(),
      );
      const page = await context.newPage();
      for (const { id, html, width: own } of pages) {
        const width = own ?? view.width;
        await page.setViewportSize({ width, height: 800 });
        await page.setContent(html, { waitUntil: "load" });
        const height = Math.min(
          MAX_CSS_HEIGHT,
          await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight)),
        );
        await page.setViewportSize({ width, height });
        const png = await captureScreenshot(page, { type: "png", clip: { x: 0, y: 0, width, height } });
        // The words inside the picture: text below the cut is not part of the design.
        const text = await page.evaluate((limit) => {
          const parts: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement;
            if (!el || !n.textContent?.trim()) continue;
            const style = getComputedStyle(el);
            if (style.visibility !== "visible" || Number(style.opacity) === 0) continue;
            // Preheader tricks: 1 px text, transparent text, text inside a zero-height box with overflow hidden.
            if (Number.parseFloat(style.fontSize) < 6 || /rgba\(.*,\s*0\)$/.test(style.color)) continue;
            let clipped = false;
            for (let a: HTMLElement | null = el; a; a = a.parentElement) {
              const s = getComputedStyle(a);
              if (s.overflow !== "visible" && (a.clientHeight === 0 || a.clientWidth === 0)) clipped = true;
              if (Number(s.opacity) === 0) clipped = true;
            }
            if (clipped) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const rect of Array.from(range.getClientRects())) {
              if (rect.width < 1 || rect.height < 1 || rect.top >= limit || rect.bottom <= 0) continue;
              parts.push(n.textContent);
              break;
            }
          }
          return parts.join(" ");
        }, height);
        out.push({ id, view: viewName, png: Buffer.from(png), words: words(text) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Share of the visible words (with repeats) that the reader read, and the words it missed. */
export function wordRecall(visible: string[], read: string): { recall: number; missing: string[] } {
  const have = new Map<string, number>();
  for (const w of words(read)) have.set(w, (have.get(w) ?? 0) + 1);
  const missing: string[] = [];
  for (const w of visible) {
    const n = have.get(w) ?? 0;
    if (n > 0) have.set(w, n - 1);
    else missing.push(w);
  }
  return { recall: visible.length === 0 ? 1 : 1 - missing.length / visible.length, missing };
}

/** The value at a share of the sorted list (0.5: the median). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
