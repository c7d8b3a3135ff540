// The JavaScript a visitor's browser fetches for a page (issue 12 item 6: landing initial JS ≤ 120 KB gzip).
// Usage: node bench/landing-js.mjs <baseUrl> [path …]     e.g. node bench/landing-js.mjs http://127.0.0.1:3000 / /login
// Opens each path in Chromium (playwright-core + /usr/bin/chromium, CHROME_PATH overrides) with gzip accepted and
// prints every script with its transferred (compressed) and decoded size: "initial" are the scripts the HTML names
// (entry and modulepreload), "later" what the page loads after it starts (lazy chunks), until the network is idle.
import { chromium } from "playwright-core";

const LIMIT_KB = 120;
const baseUrl = process.argv[2];
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  process.stderr.write("Usage: node bench/landing-js.mjs <baseUrl> [path …]\n");
  process.exit(2);
}
const paths = process.argv.length > 3 ? process.argv.slice(3) : ["/"];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
let failed = false;
try {
  for (const p of paths) {
    const page = await browser.newPage({ extraHTTPHeaders: { "accept-encoding": "gzip" } });
    const html = await (await fetch(new URL(p, baseUrl), { headers: { "accept-encoding": "identity" } })).text();
    const named = new Set(
      [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*modulepreload[^>]*\shref)="([^"]+\.js)"/g)].map(
        (m) => new URL(m[1], baseUrl).pathname,
      ),
    );
    const scripts = [];
    page.on("requestfinished", async (req) => {
      if (req.resourceType() !== "script") return;
      const sizes = await req.sizes().catch(() => null);
      const res = await req.response();
      const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      scripts.push({ path: new URL(req.url()).pathname, wire: sizes?.responseBodySize ?? 0, raw: body.length });
    });
    await page.goto(new URL(p, baseUrl).href, { waitUntil: "networkidle" });
    await page.close();
    const initial = scripts.filter((s) => named.has(s.path));
    const later = scripts.filter((s) => !named.has(s.path));
    const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
    // A prerendered page paints from its HTML; the scripts only hydrate it.
    const prerendered = /<div id="root">\s*<[^/]/.test(html);
    process.stdout.write(`\n${p}${prerendered ? " (prerendered: painted before any script runs)" : ""}\n`);
    for (const s of [...initial, ...later]) {
      const tag = named.has(s.path) ? "initial" : "later  ";
      process.stdout.write(`  ${tag} ${kb(s.wire).padStart(9)} gzip ${kb(s.raw).padStart(9)} raw  ${s.path}\n`);
    }
    const initialGzip = sum(initial, "wire");
    const ok = initialGzip <= LIMIT_KB * 1024;
    failed ||= p === "/" && !ok;
    process.stdout.write(
      `  initial JS ${kb(initialGzip)} gzip (${kb(sum(initial, "raw"))} raw), target ≤ ${LIMIT_KB} KB: ${ok ? "ok" : "ABOVE TARGET"}; ` +
        `later ${kb(sum(later, "wire"))} gzip\n`,
    );
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
