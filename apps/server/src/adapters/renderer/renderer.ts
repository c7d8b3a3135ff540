import { existsSync } from "node:fs";
import type { Logger } from "pino";
import type { Browser, BrowserContext, CDPSession, Page, Route } from "playwright-core";
import { childProcessEnv, type Env } from "../../env.js";
import { captureScreenshot } from "./capture.js";
import { bundledChromium, fontEnv, SYSTEM_CHROMIUM } from "./chromium-binary.js";
import { visibleText } from "./visible-text.js";

/**
 * Renders untrusted email HTML to a picture with headless Chromium (decision 025). JavaScript is off, the browser
 * has no network of its own (decision 101: every name and address resolves to nothing, every connection goes to a
 * proxy that does not exist), and the request guard answers what a render may load: data:/blob: and GETs of the
 * app's own public origins (so stored images show), served from Node. No SSRF to internal addresses, no hot-linking
 * of other people's servers.
 */

export interface RenderRequest {
  html: string;
  /** Viewport width in CSS px (600 desktop, 375 phone, or a design's width). */
  width: number;
  /** Emulates `prefers-color-scheme`. Default light. */
  colorScheme?: "light" | "dark";
  /**
   * Simulates the forced dark mode of mail apps that darken emails themselves (Gmail and Outlook apps on a dark
   * phone): Chromium's algorithmic darkening (Auto Dark Mode, the engine Android WebView applies) — light
   * backgrounds go dark, dark text goes light, photos are left alone.
   */
  forcedDark?: boolean;
  /** The picture is cut at this height (the measured height is still reported). Default 8000. */
  maxHeightPx?: number;
  /** Also read `visibleText`: the words a person sees in the picture (a design's words, for the benchmark). */
  visibleText?: boolean;
  /**
   * Device pixels per CSS px, as a phone draws (2 or 3): the png is that many times wider and taller, drawn at that
   * resolution, while every width and height reported stays in CSS px. Default 1.
   */
  deviceScaleFactor?: number;
}

export interface RenderResult {
  png: Buffer;
  widthPx: number;
  /** Full height of the rendered document (the png may be shorter when cut at maxHeightPx). */
  heightPx: number;
  scrollWidthPx: number;
  /** scrollWidth - width, ≥ 0: how far the email sticks out sideways. */
  overflowPx: number;
  /** The page's text (innerText of body): hidden preheaders and text below the cut included. */
  text: string;
  /** With `visibleText: true`: only the words a person sees in the picture (visible-text.ts). */
  visibleText?: string;
}

/**
 * A rendering's words as the fidelity score compares them: those a person sees in its picture (`visibleText`), not
 * innerText, which keeps a hidden preheader and text below the picture's cut (decision 145); innerText when the
 * rendering was not asked for them or comes from a stand-in renderer.
 */
export function shownText(r: Pick<RenderResult, "text" | "visibleText">): string {
  return r.visibleText ?? r.text;
}

export type RendererStatus = "idle" | "ready" | "unavailable";

/**
 * An audit of the rendered email (axe-core): `script` is evaluated in an isolated world of the loaded
 * page (the email's own scripts cannot see or change it) and its awaited value is returned (JSON values only).
 */
export interface AuditRequest {
  html: string;
  width: number;
  script: string;
}

/**
 * The audit page's policy: no script of the email runs (no <script>, handler attribute or javascript: URL), no
 * plug-in, frame or worker. The audit script itself runs in an isolated world through DevTools, which a page's
 * policy does not govern. Scripts must be on in that page because axe-core waits on timers.
 */
export const AUDIT_CSP =
  "script-src 'none'; object-src 'none'; frame-src 'none'; worker-src 'none'; base-uri 'none'; form-action 'none'";
/** The audit pages' origin (a reserved name: nothing else may answer for it); each audit has its own path. */
const AUDIT_ORIGIN = "http://email-audit.invalid";

export interface Renderer {
  render(req: RenderRequest): Promise<RenderResult>;
  /** Runs an audit script on the email as rendered (absent on stand-ins: no audit). */
  audit?(req: AuditRequest): Promise<unknown>;
  status(): RendererStatus;
  /** Renders and audits in progress and waiting for a slot now (for the metrics; absent on stand-ins). */
  load?(): { active: number; waiting: number };
  close(): Promise<void>;
}

/** The browser cannot start (or rendering is switched off): callers degrade gracefully. */
export class RendererUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RendererUnavailableError";
  }
}

/** A render did not finish in RENDERER_TIMEOUT_MS. */
export class RenderTimeoutError extends Error {
  constructor(ms: number) {
    super(`rendering took longer than ${ms} ms`);
    this.name = "RenderTimeoutError";
  }
}

/**
 * The browser itself has no network at all. Every file a render may show is answered by the request
 * guard below from Node (our uploads from storage, our origins fetched by Playwright), so nothing needs Chromium's
 * own network stack, and these flags take it away below the page, for every kind of request (prefetch, preconnect,
 * DNS prefetch, service workers, WebSocket, navigations the guard never sees):
 * - every host name and IP address, loopback and 169.254.169.254 included, resolves to nothing;
 * - every connection, loopback included (`<-loopback>` removes Chromium's implicit loopback bypass), is sent to a
 *   proxy that does not exist (its name is reserved, RFC 6761 `.invalid`, and resolves to nothing as well);
 * - background networking, DNS prefetching and hyperlink auditing pings are off.
 */
export const NO_NETWORK_ARGS = [
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--proxy-server=http://no-network.invalid:9",
  "--proxy-bypass-list=<-loopback>",
  "--dns-prefetch-disable",
  "--disable-background-networking",
  "--no-pings",
];

/** Launch flags that work on this kind of machine (root in a container, no GPU, no network chatter). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-domain-reliability",
  "--disable-print-preview",
  "--font-render-hinting=none",
  "--disable-dev-shm-usage",
  "--mute-audio",
  "--hide-scrollbars",
  ...NO_NETWORK_ARGS,
];

/** A failed launch is retried after this long, not on every request. */
const RELAUNCH_AFTER_FAILURE_MS = 60_000;
const DEFAULT_MAX_HEIGHT = 8000;
/** Widths above this (a huge design) are rendered at this width. */
const MAX_WIDTH = 4000;
/** Device pixels per CSS px at most (a phone's 3). */
const MAX_SCALE = 3;
/** Layout height used to measure the content (a short email is as tall as its content, not as the window). */
const MEASURE_HEIGHT = 100;

/** Serves a URL of one of the app's own origins without the network (local uploads); null: not ours to serve. */
export type AssetReader = (url: URL) => Promise<{ body: Buffer; contentType: string } | null>;

export interface RendererOptions {
  env: Pick<
    Env,
    | "RENDERER"
    | "RENDERER_CHROMIUM_PATH"
    | "RENDERER_CONCURRENCY"
    | "RENDERER_TIMEOUT_MS"
    | "publicUrl"
    | "S3_PUBLIC_URL"
  >;
  log: Pick<Logger, "info" | "warn" | "error">;
  /** Reads the app's own files (local storage) so stored images render without a request. */
  assets?: AssetReader;
  /** Told of every render's outcome and time, in seconds (the metrics). */
  onRender?: (outcome: "ok" | "failed" | "unavailable", seconds: number) => void;
}

/** Origins the rendered email may load from: the public base URL and the bucket's public address. */
export function allowedOrigins(env: RendererOptions["env"]): Set<string> {
  const out = new Set<string>();
  for (const u of [env.publicUrl, env.S3_PUBLIC_URL]) {
    if (!u) continue;
    try {
      out.add(new URL(u).origin);
    } catch {
      // not a URL: nothing allowed from it
    }
  }
  return out;
}

/** Bounded concurrency with a FIFO queue. */
class Semaphore {
  active = 0;
  readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The real renderer: one Chromium launched on the first render and reused, RENDERER_CONCURRENCY renders at a time
 * (the rest wait in a queue), each slot with a warm page in its own browser context (JavaScript off, requests
 * guarded); a render that fails or takes longer than RENDERER_TIMEOUT_MS is abandoned with its page; a browser that
 * dies is relaunched on the next render. RENDERER=off: always unavailable.
 */
export function createRenderer(opts: RendererOptions): Renderer {
  const { env, log } = opts;
  const origins = allowedOrigins(env);
  const limit = new Semaphore(Math.max(1, env.RENDERER_CONCURRENCY));
  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  let failure: { error: RendererUnavailableError; at: number } | undefined;
  let closed = false;

  async function launch(): Promise<Browser> {
    const { chromium } = await import("playwright-core");
    const candidates: { label: string; path: () => Promise<string> }[] = [];
    if (env.RENDERER_CHROMIUM_PATH) {
      const p = env.RENDERER_CHROMIUM_PATH;
      candidates.push({ label: p, path: async () => p });
    } else {
      candidates.push({ label: "@sparticuz/chromium", path: bundledChromium });
      if (existsSync(SYSTEM_CHROMIUM)) candidates.push({ label: SYSTEM_CHROMIUM, path: async () => SYSTEM_CHROMIUM });
    }
    const errors: string[] = [];
    const browserEnv = childProcessEnv();
    const extraEnv = await fontEnv(browserEnv).catch(() => ({}));
    for (const c of candidates) {
      try {
        const executablePath = await c.path();
        const started = Date.now();
        const b = await chromium.launch({
          executablePath,
          args: CHROMIUM_ARGS,
          headless: true,
          timeout: 30_000,
          env: { ...browserEnv, ...extraEnv },
        });
        log.info({ browser: c.label, version: b.version(), ms: Date.now() - started }, "renderer: browser started");
        return b;
      } catch (err) {
        errors.push(`${c.label}: ${String((err as Error).message ?? err).split("\n")[0]}`);
      }
    }
    throw new RendererUnavailableError(`The browser could not start (${errors.join("; ")})`);
  }

  async function getBrowser(): Promise<Browser> {
    if (env.RENDERER === "off") throw new RendererUnavailableError("Rendering is switched off (RENDERER=off).");
    if (closed) throw new RendererUnavailableError("The renderer is shut down.");
    if (browser?.isConnected()) return browser;
    if (failure && Date.now() - failure.at < RELAUNCH_AFTER_FAILURE_MS) throw failure.error;
    launching ??= launch()
      .then((b) => {
        failure = undefined;
        browser = b;
        b.on("disconnected", () => {
          if (browser === b) browser = undefined;
          if (!closed) log.warn("renderer: browser went away; it is relaunched on the next render");
        });
        if (closed) void b.close();
        return b;
      })
      .catch((err: unknown) => {
        const error =
          err instanceof RendererUnavailableError
            ? err
            : new RendererUnavailableError(`The browser could not start (${String(err)})`, { cause: err });
        failure = { error, at: Date.now() };
        log.error({ err: error.message }, "renderer: browser unavailable");
        throw error;
      })
      .finally(() => {
        launching = undefined;
      });
    return launching;
  }

  async function guard(route: Route): Promise<void> {
    const request = route.request();
    let url: URL;
    try {
      url = new URL(request.url());
    } catch {
      return route.abort("blockedbyclient");
    }
    if (url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    // Navigations (meta refresh, a frame) never leave the page: a 204 answer is "stay where you are" (an aborted
    // navigation would replace the email with an error page). Only our own origins are fetched, nothing else.
    if (request.resourceType() === "document") return route.fulfill({ status: 204, body: "" });
    // Only reads of our own origins: a ping or a form post would be sent from the server (route.fetch) with the page's
    // body; the browser has no network of its own (NO_NETWORK_ARGS).
    if (!origins.has(url.origin) || request.method() !== "GET") return route.abort("blockedbyclient");
    if (opts.assets) {
      try {
        const file = await opts.assets(url);
        if (file) return route.fulfill({ status: 200, body: file.body, contentType: file.contentType });
      } catch (err) {
        log.warn({ err, url: url.href }, "renderer: reading a stored file failed");
      }
    }
    // Fetched for the page without following redirects: a redirect could lead anywhere.
    try {
      const response = await route.fetch({ maxRedirects: 0, timeout: env.RENDERER_TIMEOUT_MS });
      if (response.status() >= 300 && response.status() < 400) return route.abort("blockedbyclient");
      return route.fulfill({ response });
    } catch {
      return route.abort("failed");
    }
  }

  /** A warm page (in its own context, JavaScript off, requests guarded), reused by the renders of one slot. */
  interface Tab {
    browser: Browser;
    context: BrowserContext;
    page: Page;
    cdp: CDPSession;
    /** Its context's device pixels per CSS px. */
    scale: number;
  }
  const idle: Tab[] = [];

  async function openTab(b: Browser, scale: number): Promise<Tab> {
    const context = await b.newContext({
      javaScriptEnabled: false,
      viewport: { width: 600, height: MEASURE_HEIGHT },
      deviceScaleFactor: scale,
      reducedMotion: "reduce",
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    try {
      // A route can outlive its page (a render abandoned mid-request): its late answer has nowhere to go.
      await context.route("**/*", (route) => guard(route).catch(() => {}));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      return { browser: b, context, page, cdp, scale };
    } catch (err) {
      await context.close().catch(() => {});
      throw err;
    }
  }

  async function takeTab(b: Browser, scale: number): Promise<Tab> {
    // (A warm tab of another scale stays for its own renders.)
    for (let i = idle.length - 1; i >= 0; i--) {
      const tab = idle[i]!;
      if (tab.scale !== scale) continue;
      idle.splice(i, 1);
      if (tab.browser === b && b.isConnected() && !tab.page.isClosed()) return tab;
      void tab.context.close().catch(() => {});
    }
    return openTab(b, scale);
  }

  async function draw(tab: Tab, req: RenderRequest): Promise<RenderResult> {
    const { page, cdp } = tab;
    const width = Math.min(MAX_WIDTH, Math.max(1, Math.round(req.width)));
    const maxHeight = Math.max(1, Math.round(req.maxHeightPx ?? DEFAULT_MAX_HEIGHT));
    await page.setViewportSize({ width, height: MEASURE_HEIGHT });
    await page.emulateMedia({ colorScheme: req.colorScheme ?? "light" });
    // An empty override restores the default (no forced darkening).
    await cdp.send("Emulation.setAutoDarkModeOverride", req.forcedDark ? { enabled: true } : {});
    await page.setContent(req.html, { waitUntil: "load", timeout: env.RENDERER_TIMEOUT_MS });
    const measured = await page.evaluate(() => {
      const root = document.documentElement;
      return {
        scrollWidth: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0),
        height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
        text: document.body?.innerText ?? "",
      };
    });
    const shotHeight = Math.max(1, Math.min(measured.height, maxHeight));
    // A viewport as tall as the picture (not a full-page capture, which loses the forced-dark emulation).
    await page.setViewportSize({ width, height: shotHeight });
    const png = await captureScreenshot(page, { type: "png", clip: { x: 0, y: 0, width, height: shotHeight } });
    // Read from the page as pictured, after the shot (the read blanks the words it leaves out).
    const seen = req.visibleText ? await visibleText(page, { width, height: shotHeight }) : undefined;
    return {
      png,
      widthPx: width,
      heightPx: measured.height,
      scrollWidthPx: measured.scrollWidth,
      overflowPx: Math.max(0, measured.scrollWidth - width),
      text: measured.text,
      ...(seen !== undefined && { visibleText: seen }),
    };
  }

  async function renderOnce(b: Browser, req: RenderRequest): Promise<RenderResult> {
    let timer: NodeJS.Timeout | undefined;
    let tab: Tab | undefined;
    let abandoned = false;
    const work = (async () => {
      const t = await takeTab(b, Math.min(MAX_SCALE, Math.max(1, Math.round(req.deviceScaleFactor ?? 1))));
      tab = t;
      if (abandoned) throw new RenderTimeoutError(env.RENDERER_TIMEOUT_MS);
      return draw(t, req);
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeoutError(env.RENDERER_TIMEOUT_MS)), env.RENDERER_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([work, timeout]);
      if (tab) idle.push(tab);
      return result;
    } catch (err) {
      abandoned = true;
      work.catch(() => {});
      // A page that failed or took too long is not reused; closing its context also ends a render still running.
      const t = tab as Tab | undefined;
      await t?.context.close().catch(() => {});
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The audit pages: a context of their own with JavaScript on for the isolated world only (the page's policy,
   * AUDIT_CSP, sent as a header with the email, stops every script of the email), the same request guard. A warm one
   * per slot is reused (a fresh context cost 0.2–0.9 s on a busy machine); one that failed or took too long is closed.
   */
  interface AuditTab {
    browser: Browser;
    context: BrowserContext;
    page: Page;
    cdp: CDPSession;
    /** The email each audit address answers with (one entry while its audit runs). */
    emails: Map<string, string>;
  }
  const auditIdle: AuditTab[] = [];
  let audits = 0;

  async function openAuditTab(b: Browser): Promise<AuditTab> {
    const context = await b.newContext({
      javaScriptEnabled: true,
      viewport: { width: 600, height: 800 },
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    const emails = new Map<string, string>();
    try {
      await context.route("**/*", (route) => {
        const body = emails.get(route.request().url());
        if (body === undefined) return guard(route).catch(() => {});
        return route.fulfill({
          status: 200,
          contentType: "text/html; charset=utf-8",
          headers: { "Content-Security-Policy": AUDIT_CSP },
          body,
        });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      return { browser: b, context, page, cdp, emails };
    } catch (err) {
      await context.close().catch(() => {});
      throw err;
    }
  }

  async function auditOnce(b: Browser, req: AuditRequest): Promise<unknown> {
    let tab = auditIdle.pop();
    while (tab && (tab.browser !== b || !b.isConnected() || tab.page.isClosed())) {
      void tab.context.close().catch(() => {});
      tab = auditIdle.pop();
    }
    const t = tab ?? (await openAuditTab(b));
    audits += 1;
    const url = `${AUDIT_ORIGIN}/${audits}`;
    t.emails.set(url, req.html);
    let timer: NodeJS.Timeout | undefined;
    try {
      const work = (async () => {
        await t.page.setViewportSize({ width: Math.min(MAX_WIDTH, Math.max(1, Math.round(req.width))), height: 800 });
        await t.page.goto(url, { waitUntil: "load", timeout: env.RENDERER_TIMEOUT_MS });
        const { frameTree } = await t.cdp.send("Page.getFrameTree");
        const world = await t.cdp.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: "audit" });
        const out = await t.cdp.send("Runtime.evaluate", {
          contextId: world.executionContextId,
          expression: req.script,
          awaitPromise: true,
          returnByValue: true,
        });
        if (out.exceptionDetails)
          throw new Error(`audit failed: ${out.exceptionDetails.exception?.description ?? out.exceptionDetails.text}`);
        return out.result.value as unknown;
      })();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RenderTimeoutError(env.RENDERER_TIMEOUT_MS)), env.RENDERER_TIMEOUT_MS);
      });
      work.catch(() => {});
      const result = await Promise.race([work, timeout]);
      auditIdle.push(t);
      return result;
    } catch (err) {
      await t.context.close().catch(() => {});
      throw err;
    } finally {
      clearTimeout(timer);
      t.emails.delete(url);
    }
  }

  /** One render in a slot: a browser that died during it is relaunched once and the render tried again. */
  function renderInSlot(req: RenderRequest): Promise<RenderResult> {
    return limit.run(async () => {
      const b = await getBrowser();
      try {
        return await renderOnce(b, req);
      } catch (err) {
        if (!b.isConnected() && !closed) return renderOnce(await getBrowser(), req);
        throw err;
      }
    });
  }

  return {
    async audit(req) {
      return limit.run(async () => auditOnce(await getBrowser(), req));
    },
    async render(req) {
      if (!opts.onRender) return renderInSlot(req);
      const started = performance.now();
      try {
        const result = await renderInSlot(req);
        opts.onRender("ok", (performance.now() - started) / 1000);
        return result;
      } catch (err) {
        opts.onRender(
          err instanceof RendererUnavailableError ? "unavailable" : "failed",
          (performance.now() - started) / 1000,
        );
        throw err;
      }
    },
    load: () => ({ active: limit.active, waiting: limit.waiting.length }),
    status() {
      if (env.RENDERER === "off" || closed) return "unavailable";
      if (browser?.isConnected()) return "ready";
      if (failure) return "unavailable";
      return "idle";
    },
    async close() {
      closed = true;
      idle.length = 0;
      auditIdle.length = 0;
      const b = browser ?? (await launching?.catch(() => undefined));
      browser = undefined;
      await b?.close().catch(() => {});
    },
  };
}
