// Screenshots pages at phone and desktop widths: node scripts/screenshot.mjs <baseUrl> <outDir> /path [/path…]
// Set SHOT_COOKIE="name=value; …" to be signed in. Widths: SHOT_WIDTHS (default "390,1440").
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshot.mjs <baseUrl> <outDir> /path [/path…]");
  process.exit(2);
}
const widths = (process.env.SHOT_WIDTHS ?? "390,1440").split(",").map(Number);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  if (process.env.SHOT_COOKIE) {
    const url = new URL(baseUrl);
    await context.addCookies(
      process.env.SHOT_COOKIE.split(/;\s*/).map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: url.hostname, path: "/" };
      }),
    );
  }
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(baseUrl + p, { waitUntil: "networkidle" });
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
