import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_CHROMIUM } from "../src/adapters/renderer/chromium-binary.js";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { processEmail } from "../src/email-engine/process-email.js";
import { loadEnv } from "../src/env.js";

// Decision 101: the rendering browser reaches no network address at all, whatever the page does. Loopback listeners
// stand for the internal services an attacker aims at (127.0.0.1:5432, :6379, the app itself, 169.254.169.254): a
// corpus of every way markup can make a browser connect somewhere is rendered, and no listener may see a
// connection. Real headless Chromium; no timing asserts, no sleeps (a connection barrier, see settle()).

const log = pino({ level: "silent" });

/** A TCP listener that counts every connection it accepts (a preconnect sends no request, so connections count). */
interface Listener {
  name: string;
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  host: string;
  port: number;
  /** Remote ports of every accepted connection, in order. */
  accepted: number[];
  /** Paths of the HTTP requests that came in (for the failure message). */
  paths: string[];
  /** Remote ports of the test's own barrier connections (not counted). */
  barriers: Set<number>;
  server: Server;
}

async function listen(name: string, host: string): Promise<Listener | null> {
  const server = createServer((req, res) => {
    l.paths.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "image/png" });
    res.end(RED);
  });
  const l: Listener = { name, url: "", host, port: 0, accepted: [], paths: [], barriers: new Set(), server };
  server.on("connection", (socket) => l.accepted.push(socket.remotePort ?? -1));
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(0, host, () => resolve(true));
  });
  if (!ok) return null;
  l.port = (server.address() as AddressInfo).port;
  l.url = `http://${host.includes(":") ? `[${host}]` : host}:${l.port}`;
  return l;
}

/** Connections other than the test's own barriers. */
const intruders = (l: Listener) => l.accepted.filter((p) => !l.barriers.has(p));

/**
 * Waits until every connection the browser opened so far has been accepted and counted: the test opens one
 * connection of its own to each listener and waits until the listener has accepted it. A listener accepts in the
 * order connections reach it, so anything the browser started before is counted by then.
 */
async function settle(listeners: Listener[]): Promise<void> {
  await Promise.all(
    listeners.map(
      (l) =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(l.port, l.host, () => {
            const mine = socket.localPort ?? -2;
            l.barriers.add(mine);
            const seen = () => {
              if (!l.accepted.includes(mine)) return false;
              socket.destroy();
              resolve();
              return true;
            };
            if (seen()) return;
            l.server.on("connection", function wait() {
              if (seen()) l.server.off("connection", wait);
            });
          });
          socket.on("error", reject);
        }),
    ),
  );
}

let RED: Buffer;
let own: Listener;
let targets: Listener[] = [];

beforeAll(async () => {
  RED = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  // Our own origin (the public base URL): its files are the only thing a render may load.
  own = (await listen("own", "127.0.0.1"))!;
  const found = await Promise.all([
    listen("127.0.0.1", "127.0.0.1"),
    // Another loopback address and IPv6 loopback, when this machine has them.
    listen("127.0.0.2", "127.0.0.2"),
    listen("::1", "::1"),
  ]);
  targets = found.filter((l): l is Listener => l !== null);
}, 60_000);

afterAll(async () => {
  for (const l of [own, ...targets]) {
    if (!l) continue;
    l.server.closeAllConnections();
    await new Promise<void>((resolve) => l.server.close(() => resolve()));
  }
});

/** Base URLs an attacker would aim at for one listener: its address and, for 127.0.0.1, the name localhost. */
function aims(l: Listener): string[] {
  return l.host === "127.0.0.1" ? [l.url, `http://localhost:${l.port}`] : [l.url];
}

/**
 * Every way markup can make a browser open a connection, each aimed at `u` (a base URL). Head and body parts are
 * joined into one document per vector (a browser moves head elements found in the body to where they work).
 */
const VECTORS: Record<string, (u: string) => string> = {
  img: (u) => `<img src="${u}/img.png" width="5" height="5">`,
  srcset: (u) => `<img srcset="${u}/srcset.png 1x, ${u}/srcset2.png 2x" width="5" height="5">`,
  picture: (u) => `<picture><source srcset="${u}/picture.png"><img src="data:," width="5" height="5"></picture>`,
  "video poster": (u) => `<video poster="${u}/poster.png" width="5" height="5"></video>`,
  "video src": (u) => `<video src="${u}/video.mp4" preload="auto" autoplay></video>`,
  "audio src": (u) => `<audio src="${u}/audio.mp3" preload="auto" autoplay></audio>`,
  "video source + track": (u) =>
    `<video preload="auto"><source src="${u}/source.mp4"><track default src="${u}/track.vtt"></video>`,
  object: (u) => `<object data="${u}/object" type="text/html" width="5" height="5"></object>`,
  "object image": (u) => `<object data="${u}/object.png" type="image/png" width="5" height="5"></object>`,
  embed: (u) => `<embed src="${u}/embed" type="image/png" width="5" height="5">`,
  iframe: (u) => `<iframe src="${u}/iframe"></iframe>`,
  "iframe lazy": (u) => `<iframe loading="lazy" src="${u}/iframe-lazy"></iframe>`,
  "svg image href": (u) => `<svg width="5" height="5"><image href="${u}/svg-image.png" width="5" height="5"/></svg>`,
  "svg image xlink": (u) =>
    `<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="5" height="5"><image xlink:href="${u}/svg-xlink.png" width="5" height="5"/></svg>`,
  "svg use": (u) => `<svg width="5" height="5"><use href="${u}/use.svg#a"/></svg>`,
  "svg feImage": (u) =>
    `<svg width="5" height="5"><filter id="f"><feImage href="${u}/feimage.png"/></filter><rect width="5" height="5" filter="url(#f)"/></svg>`,
  "input image": (u) => `<input type="image" src="${u}/input.png" width="5" height="5">`,
  "a ping": (u) => `<a ping="${u}/ping" href="${u}/a">link</a>`,
  "body background": (u) =>
    `<table background="${u}/table-bg.png"><tr><td background="${u}/td-bg.png">x</td></tr></table>`,
  "link stylesheet": (u) => `<link rel="stylesheet" href="${u}/style.css">`,
  "link prefetch": (u) => `<link rel="prefetch" href="${u}/prefetch">`,
  "link preload": (u) => `<link rel="preload" as="image" href="${u}/preload.png">`,
  "link preload font": (u) => `<link rel="preload" as="font" crossorigin href="${u}/preload.woff2">`,
  "link modulepreload": (u) => `<link rel="modulepreload" href="${u}/module.js">`,
  "link prerender": (u) => `<link rel="prerender" href="${u}/prerender">`,
  "link preconnect": (u) => `<link rel="preconnect" href="${u}">`,
  "link preconnect crossorigin": (u) => `<link rel="preconnect" href="${u}" crossorigin>`,
  "link dns-prefetch": (u) => `<link rel="dns-prefetch" href="${u}">`,
  "link icon + manifest": (u) => `<link rel="icon" href="${u}/favicon.ico"><link rel="manifest" href="${u}/m.json">`,
  "meta refresh": (u) => `<meta http-equiv="refresh" content="0; url=${u}/refresh">`,
  "base href": (u) => `<base href="${u}/base/"><img src="relative.png" width="5" height="5">`,
  "css @import": (u) => `<style>@import url("${u}/import.css");</style>`,
  "css url()": (u) =>
    `<style>.b{background:url("${u}/bg.png");width:5px;height:5px;list-style-image:url("${u}/list.png");
      border-image:url("${u}/border.png") 30;cursor:url("${u}/cursor.png"),auto;mask-image:url("${u}/mask.png")}
      .b::after{content:url("${u}/content.png")}</style><div class="b"><li>x</li></div>`,
  "css image-set": (u) => `<div style="width:5px;height:5px;background-image:image-set(url('${u}/set.png') 1x)"></div>`,
  "css @font-face": (u) =>
    `<style>@font-face{font-family:F;src:url("${u}/font.woff2")}</style><p style="font-family:F">font</p>`,
  "inline style url()": (u) => `<div style="background-image:url(${u}/inline.png);width:5px;height:5px"></div>`,
  "svg filter url()": (u) => `<div style="filter:url(${u}/filter.svg#f);width:5px;height:5px">x</div>`,
  "speculation rules": (u) =>
    `<script type="speculationrules">{"prefetch":[{"source":"list","urls":["${u}/spec-prefetch"]}],
      "prerender":[{"source":"list","urls":["${u}/spec-prerender"]}]}</script>`,
  "service worker": (u) =>
    `<script>navigator.serviceWorker.register("${u}/sw.js"); new WebSocket("${u.replace("http", "ws")}/js");
      fetch("${u}/fetch"); new Image().src = "${u}/js.png";</script>`,
  "websocket urls in markup": (u) =>
    [`<img src="${u}/ws.png">`, `<iframe src="${u}/ws-frame"></iframe>`, `<link rel="preconnect" href="${u}">`]
      .concat(`<link rel="stylesheet" href="${u}/ws.css">`, `<a href="${u}">ws</a>`)
      .map((tag) => tag.replace("http", "ws"))
      .join(""),
  "noscript (JavaScript is off)": (u) => `<noscript><img src="${u}/noscript.png"></noscript>`,
  "form (never submitted)": (u) =>
    `<form action="${u}/form" method="get"><input name="q" value="x" autofocus><button formaction="${u}/fa">go</button></form>`,
  frameset: (u) => `<frameset><frame src="${u}/frame"></frameset>`,
  "protocol-relative and upper-case": (u) =>
    `<IMG SRC="${u.replace("http:", "")}/rel.png"><img src="${u.toUpperCase()}/UPPER.png">`,
  "entity-encoded URL": (u) => `<img src="${[...`${u}/entity.png`].map((c) => `&#${c.charCodeAt(0)};`).join("")}">`,
  // Mutation forms: markup a string-level sanitiser believes inert that a browser parses as live elements.
  "comment ending --!>": (u) => `<!-- x --!><img src="${u}/comment.png">-->`,
  "noscript title breakout": (u) => `<noscript><p title="</noscript><img src='${u}/mx-noscript.png'>"></noscript>`,
  "svg style breakout": (u) => `<svg><style><img src="${u}/mx-svg-style.png"></style></svg>`,
  "math mglyph": (u) =>
    `<math><mtext><table><mglyph><style><img src="${u}/mx-math.png"></style></mglyph></table></mtext></math>`,
};

/** A document with one vector aimed at every target address. */
function documentFor(vector: (u: string) => string): string {
  const parts = targets.flatMap((l) => aims(l).map((u) => vector(u)));
  return `<!doctype html><html><head><title>v</title></head><body style="margin:0"><p>vector</p>${parts.join("\n")}</body></html>`;
}

/** What arrived at each listener, for the failure message. */
function arrivals() {
  return Object.fromEntries(targets.map((l) => [l.name, { connections: intruders(l).length, requests: l.paths }]));
}

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
      const html = documentFor(vector);
      const r = await renderer.render({ html, width: 375 });
      expect(r.text).toContain("vector");
      // The same vector as Check my email renders it: after the email engine's passes (sanitiser included).
      if (browser.processedToo) {
        await renderer.render({ html: processEmail({ html, source: "existing" }).html, width: 375 });
      }
    }
    // Every vector in one document, as a member would paste them; then a sentinel page replaces it.
    await renderer.render({ html: Object.values(VECTORS).map(documentFor).join("\n"), width: 600, forcedDark: true });
    const sentinel = await renderer.render({ html: "<p>sentinel</p>", width: 375 });
    expect(sentinel.text).toBe("sentinel");
    await settle(targets);
    expect(arrivals()).toEqual(Object.fromEntries(targets.map((l) => [l.name, { connections: 0, requests: [] }])));
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
