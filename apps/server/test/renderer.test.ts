import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TEmailReport } from "@mailsmith/shared";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer, RendererUnavailableError } from "../src/adapters/renderer/renderer.js";
import { createLocalStorage } from "../src/adapters/storage/local-storage.js";
import { renderIntoReport, renderReport } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";

// Real headless Chromium (the one inside @sparticuz/chromium, or RENDERER_CHROMIUM_PATH). No timing asserts.

const log = pino({ level: "silent" });

/** An HTTP server that answers every request with a red 10×10 PNG (or a redirect) and remembers what was asked. */
async function startOrigin(redirectTo?: () => string) {
  const red = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (redirectTo && req.url === "/moved.png") {
      res.writeHead(302, { location: `${redirectTo()}/redirected.png` });
      return res.end();
    }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(red);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const isDark = ([r, g, b]: number[]) => r! + g! + b! < 3 * 80;
const isLight = ([r, g, b]: number[]) => r! + g! + b! > 3 * 200;

/** Two 280 px columns side by side, stacked below 480 px by a media query (the usual hybrid email layout). */
const TWO_COLUMNS = `<!doctype html><html><head><style>
  body { margin: 0; font-family: sans-serif; }
  .col { display: inline-block; width: 280px; vertical-align: top; }
  @media (max-width: 480px) { .col { display: block; width: 100% !important; } }
</style></head><body>
<table role="presentation" width="100%" style="max-width:600px"><tr><td>
  <div class="col"><h2>Left column</h2><p>Fresh coffee every morning.</p></div><div class="col"><h2>Right column</h2><p>Pastries baked at dawn.</p></div>
</td></tr></table>
<script>document.body.insertAdjacentHTML("beforeend", "<p>Injected by a script</p>")</script>
</body></html>`;

let own: Awaited<ReturnType<typeof startOrigin>>;
let other: Awaited<ReturnType<typeof startOrigin>>;
let renderer: Renderer;

beforeAll(async () => {
  // Our own origin redirects /moved.png to the other one: the redirect must not be followed there.
  own = await startOrigin(() => other.url);
  other = await startOrigin();
  const env = loadEnv({ BETTER_AUTH_URL: own.url, LOG_LEVEL: "silent" });
  renderer = createRenderer({
    env,
    log,
    // Stands for local storage: /uploads/* of our own origin is served without a request.
    assets: async (url) =>
      url.origin === own.url && url.pathname === "/uploads/previews/blue.png"
        ? {
            body: await sharp({ create: { width: 10, height: 10, channels: 3, background: "#0000ff" } })
              .png()
              .toBuffer(),
            contentType: "image/png",
          }
        : null,
  });
});

afterAll(async () => {
  await renderer?.close();
  await own?.close();
  await other?.close();
});

// Rendering is fast, but this machine may be busy: generous limits, no timing asserts.
describe("renderer", { timeout: 120_000 }, () => {
  it("starts the browser on the first render, not before", async () => {
    expect(renderer.status()).toBe("idle");
    await renderer.render({ html: "<p>hello</p>", width: 600 });
    expect(renderer.status()).toBe("ready");
  });

  it("renders at 600 px side by side and at 375 px stacked, with the visible text and no scripts", async () => {
    const [desktop, mobile] = await Promise.all([
      renderer.render({ html: TWO_COLUMNS, width: 600 }),
      renderer.render({ html: TWO_COLUMNS, width: 375 }),
    ]);
    expect(await sharp(desktop.png).metadata()).toMatchObject({ width: 600, height: desktop.heightPx });
    expect(await sharp(mobile.png).metadata()).toMatchObject({ width: 375, height: mobile.heightPx });
    // Stacked columns make the phone render much taller than the desktop one.
    expect(mobile.heightPx).toBeGreaterThan(desktop.heightPx * 1.5);
    expect(desktop.overflowPx).toBe(0);
    expect(mobile.overflowPx).toBe(0);
    for (const r of [desktop, mobile]) {
      expect(r.text).toContain("Fresh coffee every morning.");
      expect(r.text).toContain("Pastries baked at dawn.");
      expect(r.text).not.toContain("Injected by a script");
    }
  });

  it("measures how far a fixed-width email sticks out on a phone", async () => {
    const html = `<body style="margin:0"><table width="640" style="width:640px"><tr><td>Wide</td></tr></table></body>`;
    const r = await renderer.render({ html, width: 375 });
    expect(r.scrollWidthPx).toBe(640);
    expect(r.overflowPx).toBe(265);
  });

  it("renders at any width, such as a design's own width", async () => {
    const html = `<body style="margin:0"><table width="100%"><tr><td style="height:50px">Any width</td></tr></table></body>`;
    for (const width of [320, 720, 1200]) {
      const r = await renderer.render({ html, width });
      expect(await sharp(r.png).metadata()).toMatchObject({ width });
      expect(r).toMatchObject({ widthPx: width, overflowPx: 0, text: "Any width" });
    }
  });

  it("draws a phone's screenshot at 3 device pixels per CSS px, its letters drawn at that resolution", async () => {
    const html = `<body style="margin:0;background:#fff"><p style="font:16px sans-serif;margin:8px">learning modern</p></body>`;
    const one = await renderer.render({ html, width: 375, maxHeightPx: 40, visibleText: true });
    const three = await renderer.render({ html, width: 375, maxHeightPx: 40, visibleText: true, deviceScaleFactor: 3 });
    expect(await sharp(three.png).metadata()).toMatchObject({ width: 1125, height: 120 });
    // Sizes and words are the page's, in CSS px.
    expect(three).toMatchObject({ widthPx: 375, overflowPx: 0, text: one.text, visibleText: one.visibleText });
    // Not the 1× picture scaled up (every 3 × 3 block one colour): the letters' edges fall inside the blocks.
    const { data, info } = await sharp(three.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    let mixed = 0;
    for (let y = 0; y + 3 <= info.height; y += 3)
      for (let x = 0; x + 3 <= info.width; x += 3) {
        const first = data[y * info.width + x]!;
        let same = true;
        for (let k = 0; k < 9 && same; k++) same = data[(y + Math.floor(k / 3)) * info.width + x + (k % 3)] === first;
        if (!same) mixed++;
      }
    expect(mixed).toBeGreaterThan(100);
  });

  it("cuts the picture at maxHeightPx but reports the full height", async () => {
    const r = await renderer.render({ html: `<div style="height:3000px">tall</div>`, width: 375, maxHeightPx: 1000 });
    expect(r.heightPx).toBeGreaterThanOrEqual(3000);
    expect((await sharp(r.png).metadata()).height).toBe(1000);
  });

  it("reads as visible text only the words a person sees in the picture", async () => {
    // Cerberus' preheader, a display:none block, the other usual hiding tricks, and a paragraph below the cut.
    const html = `<body style="margin:0;background:#ffffff;font:16px sans-serif">
<div style="max-height:0; overflow:hidden; mso-hide:all;" aria-hidden="true">Preheader teaser words</div>
<div style="display:none">Shown only in Outlook</div>
<div style="font-size:0;line-height:0">Tiny sized words</div>
<div style="opacity:0">Faded away words</div>
<div style="color:#ffffff;font-size:1px">White on white words</div>
<div style="visibility:hidden">Invisible box words</div>
<div style="width:0;overflow:hidden">Narrow clipped words</div>
<h1>Spring garden news</h1>
<p>Seeds are in stock this week.</p>
<div style="height:1200px"></div>
<p>Below the cut words</p>
</body>`;
    const r = await renderer.render({ html, width: 600, maxHeightPx: 1000, visibleText: true });
    const seen = (r.visibleText ?? "").replace(/\s+/g, " ").trim();
    expect(seen).toBe("Spring garden news Seeds are in stock this week.");
    // The page's text still holds the hidden preheader and the words below the cut.
    expect(r.text).toContain("Preheader teaser words");
    expect(r.text).toContain("Below the cut words");
  });

  it("keeps apart in the visible text words a person sees apart, though no space parts them in the source", async () => {
    // Colorlib's menus: padded links side by side with no white space between them ("HomeAboutBlog" to innerText).
    const html = `<body style="margin:0;font:16px sans-serif">
<p><a style="padding:0 10px">Home</a><a style="padding:0 10px">About</a><a style="padding:0 10px">Blog</a></p>
<table><tr><td>Price</td><td style="padding-left:20px">$40</td></tr></table>
<p><b>Black</b>Friday deals, <span>un</span><i>believable</i>.</p>
</body>`;
    const r = await renderer.render({ html, width: 600, visibleText: true });
    expect((r.visibleText ?? "").split(/\s+/).filter(Boolean)).toEqual([
      "Home",
      "About",
      "Blog",
      "Price",
      "$40",
      "BlackFriday",
      "deals,",
      "unbelievable.",
    ]);
  });

  it("keeps in the visible text the words inside the cut of a paragraph that crosses it", async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const html = `<body style="margin:0;font:20px/40px sans-serif"><p style="margin:0;width:100px">${words}</p></body>`;
    // One word a line, 40 px a line: a cut at 400 px keeps the first ten lines.
    const r = await renderer.render({ html, width: 600, maxHeightPx: 400, visibleText: true });
    expect(r.visibleText?.trim().split(/\s+/)).toEqual(Array.from({ length: 10 }, (_, i) => `word${i}`));
  });

  it("applies prefers-color-scheme: dark rules in dark mode only", async () => {
    const html = `<html><head><style>body{margin:0;background:#ffffff;color:#111}
      @media (prefers-color-scheme: dark){body{background:#101010;color:#eee}}</style></head>
      <body><p>Dark aware</p></body></html>`;
    const light = await renderer.render({ html, width: 375 });
    const dark = await renderer.render({ html, width: 375, colorScheme: "dark" });
    expect(isLight(await pixel(light.png, 370, 2))).toBe(true);
    expect(isDark(await pixel(dark.png, 370, 2))).toBe(true);
  });

  it("simulates forced dark mode on an email with no dark rules", async () => {
    const html = `<body style="margin:0"><table width="100%" bgcolor="#ffffff"><tr><td style="color:#222;padding:20px">
      Light only</td></tr></table></body>`;
    const plain = await renderer.render({ html, width: 375, colorScheme: "dark" });
    const forced = await renderer.render({ html, width: 375, forcedDark: true });
    // Without dark rules, dark mode alone changes nothing; the forced inversion darkens the white background.
    expect(isLight(await pixel(plain.png, 370, 2))).toBe(true);
    expect(isDark(await pixel(forced.png, 370, 2))).toBe(true);
    // Pages are reused between renders: the next ordinary render is light again.
    const after = await renderer.render({ html, width: 375 });
    expect(isLight(await pixel(after.png, 370, 2))).toBe(true);
  });

  it("never makes a request to another origin; loads images only from the app's own origin", async () => {
    const base = other.url;
    const html = `<html><head>
      <link rel="stylesheet" href="${base}/style.css">
      <style>@import url("${base}/import.css"); @font-face { font-family: X; src: url("${base}/font.woff2"); }
        .bg { background-image: url("${base}/bg.png"); width: 10px; height: 10px; font-family: X; }</style>
      <meta http-equiv="refresh" content="0; url=${base}/refresh">
      </head><body style="margin:0">
      <img src="${own.url}/images/logo.png" width="10" height="10" style="display:block">
      <img src="${own.url}/uploads/previews/blue.png" width="10" height="10" style="display:block">
      <img src="${base}/tracker.png" width="1" height="1">
      <img src="${own.url}/moved.png" width="1" height="1">
      <img src="http://169.254.169.254/latest/meta-data/" width="1" height="1">
      <div class="bg">x</div><iframe src="${base}/frame"></iframe>
      <a href="${base}/link">link</a>
      </body></html>`;
    const ownBefore = own.requests.length;
    const r = await renderer.render({ html, width: 375 });
    expect(other.requests).toEqual([]);
    // The stored image of our own origin came through (red), the upload was served from storage (blue) without a request.
    expect(own.requests.slice(ownBefore).sort()).toEqual(["/images/logo.png", "/moved.png"]);
    expect(await pixel(r.png, 5, 5)).toEqual([255, 0, 0]);
    expect(await pixel(r.png, 5, 15)).toEqual([0, 0, 255]);
  });
});

describe("a browser that dies", { timeout: 120_000 }, () => {
  it("is relaunched on the next render", async () => {
    await renderer.render({ html: "<p>before</p>", width: 375 });
    expect(renderer.status()).toBe("ready");
    // The browser is a child process of this test process: kill it as a crash would.
    const children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" })
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter(([pid, comm]) => pid && /chrom/i.test(comm ?? ""));
    expect(children.length).toBeGreaterThan(0);
    for (const [pid] of children) process.kill(Number(pid), "SIGKILL");
    await expect.poll(() => renderer.status(), { timeout: 30_000 }).not.toBe("ready");
    const after = await renderer.render({ html: "<p>after the crash</p>", width: 375 });
    expect(after.text).toBe("after the crash");
    expect(renderer.status()).toBe("ready");
  });
});

describe("a render that never finishes", { timeout: 120_000 }, () => {
  it("is abandoned after RENDERER_TIMEOUT_MS and the next render works", async () => {
    // Our own origin, answering nothing for /hang.png: the page never finishes loading.
    const hanging: Server = createServer((req, res) => {
      if (req.url === "/hang.png") return; // never answered
      res.end("ok");
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const slow = createRenderer({
      env: loadEnv({
        BETTER_AUTH_URL: url,
        RENDERER_TIMEOUT_MS: "5000",
        RENDERER_CONCURRENCY: "1",
        LOG_LEVEL: "silent",
      }),
      log,
    });
    try {
      // Started and warm first, so the limit only covers the stuck render (a generous 5 s on a busy machine).
      await slow.render({ html: "<p>warm</p>", width: 375 });
      await expect(slow.render({ html: `<img src="${url}/hang.png">`, width: 375 })).rejects.toThrow(
        /longer than 5000 ms/,
      );
      const next = await slow.render({ html: "<p>next one</p>", width: 375 });
      expect(next.text).toBe("next one");
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe("renderReport", { timeout: 120_000 }, () => {
  it("passes a stacking email, stores the five pictures and a thumbnail", async () => {
    const stored: { name: string; width: number }[] = [];
    const out = await renderReport(renderer, TWO_COLUMNS, {
      thumbnail: true,
      storeAs: async (name, png) => {
        stored.push({ name, width: (await sharp(png).metadata()).width! });
        return `https://files.test/${name}.png`;
      },
    });
    expect(out.render).toMatchObject({ available: true, widthPx: 600, mobileOverflowPx: 0 });
    expect(out.render.heightPx).toBeGreaterThan(0);
    // Checks of other kinds join the rendered ones (axe-core's; the Outlook and dark-mode ones).
    expect(out.checks.filter((c) => c.id.startsWith("render.")).map((c) => [c.id, c.status])).toEqual([
      ["render.overflow-375", "pass"],
      ["render.height", "pass"],
    ]);
    expect(out.checks.map((c) => c.id)).toContain("axe");
    expect(out.previews).toEqual({
      desktop: "https://files.test/desktop.png",
      mobile: "https://files.test/mobile.png",
      dark: "https://files.test/dark.png",
      darkForced: "https://files.test/darkForced.png",
      outlook: "https://files.test/outlook.png",
    });
    expect(out.thumbnail).toBe("https://files.test/thumbnail.png");
    expect(Object.fromEntries(stored.map((s) => [s.name, s.width]))).toEqual({
      desktop: 600,
      mobile: 375,
      dark: 375,
      darkForced: 375,
      // Classic Outlook (approximation) at the desktop width.
      outlook: 600,
      thumbnail: 480,
    });
  });

  it("fails a layout that overflows a phone, naming the pixels, and warns about a very long email", async () => {
    const html = `<body style="margin:0"><table width="600" style="width:600px"><tr><td>
      <div style="height:6000px">Long fixed-width newsletter</div></td></tr></table></body>`;
    const out = await renderReport(renderer, html);
    const overflow = out.checks.find((c) => c.id === "render.overflow-375")!;
    expect(overflow.status).toBe("fail");
    expect(overflow.reason).toContain("225 px");
    const height = out.checks.find((c) => c.id === "render.height")!;
    expect(height.status).toBe("warn");
    expect(height.reason).toMatch(/60\d\d px tall/);
    expect(out.previews).toBeUndefined();
  });
});

describe("renderIntoReport (the generator's call)", { timeout: 120_000 }, () => {
  const processed: TEmailReport = {
    passed: true,
    sizeBytes: 1000,
    checks: [{ id: "a11y.lang", title: "Language", status: "pass", reason: "lang is set." }],
    changes: [],
    render: null,
  };

  it("stores WebP previews and a thumbnail, and a phone overflow makes the report fail", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "renderer-store-"));
    try {
      const storage = createLocalStorage({ root });
      const html = `<body style="margin:0"><table width="560" style="width:560px"><tr><td>Fixed</td></tr></table></body>`;
      const out = await renderIntoReport(
        { renderer, storage },
        { html, report: processed, ownerId: "6f1c2d3e-aaaa-bbbb-cccc-000000000001" },
      );
      expect(out.report.passed).toBe(false);
      const ids = out.report.checks.map((c) => c.id);
      expect(ids.filter((id) => id === "a11y.lang" || id.startsWith("render."))).toEqual([
        "a11y.lang",
        "render.overflow-375",
        "render.height",
      ]);
      expect(ids).toContain("axe");
      expect(out.report.render).toMatchObject({ available: true, mobileOverflowPx: 185 });
      const previews = out.report.previews!;
      expect(Object.keys(previews).sort()).toEqual(["dark", "darkForced", "desktop", "mobile", "outlook"]);
      expect(previews.darkForced).toMatch(
        /^\/uploads\/previews\/6f1c2d3e-aaaa-bbbb-cccc-000000000001-dark-forced-[0-9a-f]+\.webp$/,
      );
      const file = await readFile(path.join(root, previews.desktop!.replace("/uploads/", "")));
      expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 600 });
      expect(out.thumbnailUrl).toMatch(/^\/uploads\/previews\/.*-thumbnail-[0-9a-f]+\.webp$/);
      expect(out.desktop?.text).toContain("Fixed");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("when the browser cannot start", () => {
  it("rejects with RendererUnavailableError and the report says so", async () => {
    const broken = createRenderer({
      env: loadEnv({ RENDERER_CHROMIUM_PATH: "/nonexistent/chromium", LOG_LEVEL: "silent" }),
      log,
    });
    await expect(broken.render({ html: "<p>x</p>", width: 600 })).rejects.toBeInstanceOf(RendererUnavailableError);
    expect(broken.status()).toBe("unavailable");
    const out = await renderReport(broken, "<p>x</p>", { storeAs: async () => "never" });
    expect(out.render.available).toBe(false);
    expect(out.render.reason).toMatch(/could not start/);
    expect(out.checks).toEqual([expect.objectContaining({ id: "render.unavailable", status: "warn" })]);
    expect(out.previews).toBeUndefined();
    // The generator's call keeps the processed report, adds the warning and stores nothing.
    const merged = await renderIntoReport(
      { renderer: broken, storage: createLocalStorage({ root: "/nonexistent-never-written" }) },
      {
        html: "<p>x</p>",
        ownerId: "x",
        report: { passed: true, sizeBytes: 10, checks: [], changes: [], render: null },
      },
    );
    expect(merged.report).toMatchObject({ passed: true, render: { available: false } });
    expect(merged.report.checks.map((c) => c.id)).toEqual(["render.unavailable"]);
    expect(merged.thumbnailUrl).toBeNull();
    expect(merged.desktop).toBeNull();
    await broken.close();
  });

  it("RENDERER=off never starts one", async () => {
    const off = createRenderer({ env: loadEnv({ RENDERER: "off", LOG_LEVEL: "silent" }), log });
    expect(off.status()).toBe("unavailable");
    await expect(off.render({ html: "<p>x</p>", width: 600 })).rejects.toThrow(/RENDERER=off/);
  });
});
