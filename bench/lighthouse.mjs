// Lighthouse (mobile profile) against a running server's landing page.
// Usage: node bench/lighthouse.mjs <baseUrl>      e.g. node bench/lighthouse.mjs http://127.0.0.1:3000
// Runs a pinned `npx -y lighthouse@12` (deliberately not a dependency of the repo) with /usr/bin/chromium
// (CHROME_PATH overrides), prints the four category scores against the targets and the key metrics,
// and writes the full report and a summary to bench/results/.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const baseUrl = process.argv[2];
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  process.stderr.write("Usage: node bench/lighthouse.mjs <baseUrl>   (e.g. http://127.0.0.1:3000)\n");
  process.exit(2);
}
const url = new URL("/", baseUrl).href;
const targets = { performance: 90, accessibility: 95, "best-practices": 95, seo: 95 };
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
].join(" ");

const resultsDir = path.join(root, "bench/results");
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const reportPath = path.join(resultsDir, `lighthouse-report-${stamp}.json`);

process.stdout.write(`Lighthouse 12 (mobile) on ${url}\n`);
const run = spawnSync(
  "npx",
  [
    "-y",
    "lighthouse@12",
    url,
    "--output=json",
    `--output-path=${reportPath}`,
    `--only-categories=${Object.keys(targets).join(",")}`,
    "--form-factor=mobile",
    `--chrome-flags=${chromeFlags}`,
    "--quiet",
  ],
  {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  },
);
if (run.status !== 0) {
  process.stderr.write(`lighthouse exited with ${run.status ?? run.signal}\n`);
  process.exit(1);
}

const report = JSON.parse(readFileSync(reportPath, "utf8"));
const scores = {};
let allMet = true;
for (const [id, target] of Object.entries(targets)) {
  const score = Math.round((report.categories[id]?.score ?? 0) * 100);
  scores[id] = score;
  const ok = score >= target;
  allMet &&= ok;
  process.stdout.write(
    `${report.categories[id]?.title.padEnd(16)} ${String(score).padStart(3)}   target ≥ ${target}   ${ok ? "ok" : "BELOW TARGET"}\n`,
  );
}

const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];
const metrics = Object.fromEntries(metricIds.map((id) => [id, report.audits[id]?.displayValue ?? null]));
process.stdout.write(`\n${metricIds.map((id) => `${id}: ${metrics[id]}`).join("\n")}\n`);

// What costs points: every scored audit below 1 in each category.
const failing = {};
for (const id of Object.keys(targets)) {
  failing[id] = report.categories[id].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ""}`);
  if (failing[id].length) process.stdout.write(`\n${id} — audits below 1:\n  ${failing[id].join("\n  ")}\n`);
}

const summary = {
  when: new Date().toISOString(),
  url,
  lighthouseVersion: report.lighthouseVersion,
  formFactor: report.configSettings?.formFactor,
  scores,
  targets,
  allTargetsMet: allMet,
  metrics,
  failing,
  report: path.relative(root, reportPath),
};
writeFileSync(path.join(resultsDir, `lighthouse-${stamp}.json`), `${JSON.stringify(summary, null, 2)}\n`);
copyFileSync(path.join(resultsDir, `lighthouse-${stamp}.json`), path.join(resultsDir, "lighthouse-latest.json"));
process.stdout.write(`\nSummary: bench/results/lighthouse-${stamp}.json (full report: ${summary.report})\n`);
