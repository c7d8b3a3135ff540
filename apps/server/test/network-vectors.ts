import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";

// Loopback listeners standing for the internal services an attacker aims a rendering browser at (127.0.0.1:5432,
// :6379, the app itself, 169.254.169.254), and the corpus of markup that makes a browser connect somewhere
// (decision 101). Shared by the renderer's own test and the Check my email route's.

/** A 1×1 PNG, so an image request that does arrive shows as a picture. */
const RED_PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC",
  "base64",
);

/** A TCP listener that counts every connection it accepts (a preconnect sends no request, so connections count). */
export interface Listener {
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

export async function listen(name: string, host: string): Promise<Listener | null> {
  const server = createServer((req, res) => {
    l.paths.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "image/png" });
    res.end(RED_PIXEL);
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
export const intruders = (l: Listener) => l.accepted.filter((p) => !l.barriers.has(p));

/**
 * Waits until every connection the browser opened so far has been accepted and counted: the test opens one
 * connection of its own to each listener and waits until the listener has accepted it. A listener accepts in the
 * order connections reach it, so anything the browser started before is counted by then.
 */
export async function settle(listeners: Listener[]): Promise<void> {
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

/** Listeners on 127.0.0.1 and, when this machine has them, another loopback address (127.0.0.2) and ::1. */
export async function startTargets(): Promise<Listener[]> {
  const found = await Promise.all([
    listen("127.0.0.1", "127.0.0.1"),
    listen("127.0.0.2", "127.0.0.2"),
    listen("::1", "::1"),
  ]);
  return found.filter((l): l is Listener => l !== null);
}

export async function closeListeners(listeners: (Listener | undefined)[]): Promise<void> {
  for (const l of listeners) {
    if (!l) continue;
    l.server.closeAllConnections();
    await new Promise<void>((resolve) => l.server.close(() => resolve()));
  }
}

/** What arrived at each listener besides the barriers: connections and request lines (the failure message). */
export function arrivals(targets: Listener[]) {
  return Object.fromEntries(targets.map((l) => [l.name, { connections: intruders(l).length, requests: l.paths }]));
}

/** What arrivals() is when nothing arrived. */
export const nothingArrived = (targets: Listener[]) =>
  Object.fromEntries(targets.map((l) => [l.name, { connections: 0, requests: [] }]));

/** Base URLs an attacker would aim at for one listener: its address and, for 127.0.0.1, the name localhost. */
export function aims(l: Listener): string[] {
  return l.host === "127.0.0.1" ? [l.url, `http://localhost:${l.port}`] : [l.url];
}

/**
 * Every way markup can make a browser open a connection, each aimed at `u` (a base URL). Head and body parts are
 * joined into one document per vector (a browser moves head elements found in the body to where they work).
 */
export const VECTORS: Record<string, (u: string) => string> = {
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
  // Mutation forms: markup a string-level sanitiser believes inert that a browser parses as live elements (the
  // sanitiser of 27 November 2026 kept the prefetch link inside "<!-- x --!>" as a comment; Chromium ends the
  // comment at "--!>").
  "comment ending --!>": (u) =>
    `<!-- x --!><img src="${u}/comment.png"><link rel="prefetch" href="${u}/comment-prefetch">-->`,
  "noscript title breakout": (u) => `<noscript><p title="</noscript><img src='${u}/mx-noscript.png'>"></noscript>`,
  "svg style breakout": (u) => `<svg><style><img src="${u}/mx-svg-style.png"></style></svg>`,
  "math mglyph": (u) =>
    `<math><mtext><table><mglyph><style><img src="${u}/mx-math.png"></style></mglyph></table></mtext></math>`,
};

/** The vectors that reach the renderer through a sanitiser: its parse differs from the browser's, or it keeps them. */
export const THROUGH_THE_SANITISER = [
  "comment ending --!>",
  "noscript title breakout",
  "svg style breakout",
  "math mglyph",
  "img",
  "srcset",
  "video poster",
  "svg image href",
  "css url()",
  "inline style url()",
  "body background",
];

/** A document with one vector aimed at every target address. */
export function documentFor(targets: Listener[], vector: (u: string) => string): string {
  const parts = targets.flatMap((l) => aims(l).map((u) => vector(u)));
  return `<!doctype html><html><head><title>v</title></head><body style="margin:0"><p>vector</p>${parts.join("\n")}</body></html>`;
}
