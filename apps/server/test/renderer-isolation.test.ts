import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_CHROMIUM } from "../src/adapters/renderer/chromium-binary.js";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { processEmail } from "../src/email-engine/process-email.js";
import { loadEnv } from "../src/env.js";
import {
  arrivals,
  closeListeners,
  documentFor,
  type Listener,
  listen,
  nothingArrived,
  settle,
  startTargets,
  VECTORS,
} from "./network-vectors.js";

// Decision 101: the rendering browser reaches no network address at all, whatever the page does. Loopback listeners
// stand for the internal services an attacker aims at (127.0.0.1:5432, :6379, the app itself, 169.254.169.254): a
// corpus of every way markup can make a browser connect somewhere is rendered, and no listener may see a
// connection. Real headless Chromium; no timing asserts, no sleeps (a connection barrier, see settle()).

const log = pino({ level: "silent" });

let own: Listener;
let targets: Listener[] = [];
let localDir = "";

beforeAll(async () => {
  // Our own origin (the public base URL): its files are the only thing a render may load.
  own = (await listen("own", "127.0.0.1"))!;
  targets = await startTargets();
  // A local picture and page, all red: a render that showed them would have red where they are placed.
  localDir = await mkdtemp(path.join(tmpdir(), "renderer-local-"));
  await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ff0000" } }).toFile(
    path.join(localDir, "red.png"),
  );
  await writeFile(path.join(localDir, "red.html"), '<body style="margin:0;background:#f00"></body>');
});

afterAll(async () => {
  await closeListeners([own, ...targets]);
  if (localDir) await rm(localDir, { recursive: true, force: true });
});

/**
 * The browsers the renderer launches: the bundled one, and Debian's (the fallback) when installed. Both must honour
 * the launch flags; the fallback renders the raw vectors only (the processed ones are the same requests, fewer).
 */
const BROWSERS = [
  { label: "@sparticuz/chromium", path: undefined, processedToo: true },
  ...(existsSync(SYSTEM_CHROMIUM) ? [{ label: SYSTEM_CHROMIUM, path: SYSTEM_CHROMIUM, processedToo: false }] : []),
];

describe.each(BROWSERS)("the renderer ($label) reaches no network address", { timeout: 300_000 }, (browser) => {
  let renderer: Renderer;
  beforeAll(() => {
    renderer = createRenderer({
      env: loadEnv({
        BETTER_AUTH_URL: own.url,
        LOG_LEVEL: "silent",
        RENDERER_CONCURRENCY: "1",
        ...(browser.path ? { RENDERER_CHROMIUM_PATH: browser.path } : {}),
      }),
      log,
    });
  });
  afterAll(() => renderer?.close());

  it("has listeners on loopback addresses to aim at", () => {
    expect(targets.map((l) => l.name)).toContain("127.0.0.1");
  });

  it("opens no connection for any vector", async () => {
    for (const vector of Object.values(VECTORS)) {
      const html = documentFor(targets, vector);
      const r = await renderer.render({ html, width: 375 });
      expect(r.text).toContain("vector");
      // The same vector as Check my email renders it: after the email engine's passes (sanitiser included).
      if (browser.processedToo) {
        await renderer.render({ html: processEmail({ html, source: "existing" }).html, width: 375 });
      }
    }
    // Every vector in one document, as a member would paste them; then a sentinel page replaces it.
    await renderer.render({
      html: Object.values(VECTORS)
        .map((v) => documentFor(targets, v))
        .join("\n"),
      width: 600,
      forcedDark: true,
    });
    const sentinel = await renderer.render({ html: "<p>sentinel</p>", width: 375 });
    expect(sentinel.text).toBe("sentinel");
    await settle(targets);
    expect(arrivals(targets)).toEqual(nothingArrived(targets));
  });

  it("shows no local file (file: URLs in an image, a frame, an object, CSS, an embed)", async () => {
    const png = path.join(localDir, "red.png");
    const page = path.join(localDir, "red.html");
    const box = "display:block;width:40px;height:40px;border:0";
    for (const tag of [
      `<img src="file://${png}" style="${box}">`,
      `<iframe src="file://${page}" style="${box}"></iframe>`,
      `<object data="file://${page}" type="text/html" style="${box}"></object>`,
      `<div style="${box};background:url(file://${png})"></div>`,
      `<embed src="file://${png}" type="image/png" style="${box}">`,
    ]) {
      const r = await renderer.render({ html: `<body style="margin:0;background:#fff">${tag}</body>`, width: 100 });
      const { data, info } = await sharp(r.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const i = (20 * info.width + 20) * 3;
      expect([data[i], data[i + 1], data[i + 2]], tag).not.toEqual([255, 0, 0]);
    }
  });

  it("still shows our own origin's files (fetched by the renderer in Node, not by the browser)", async () => {
    const before = own.paths.length;
    const r = await renderer.render({
      html: `<body style="margin:0"><img src="${own.url}/logo.png" width="10" height="10" style="display:block"></body>`,
      width: 375,
    });
    expect(own.paths.slice(before)).toEqual(["GET /logo.png"]);
    const { data } = await sharp(r.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });
});
