// Lighthouse (mobile profile) against a running server's landing page, several runs in a row (scores move a few
// points with the machine's load, so the median is what counts: issue 12 item 6).
// Usage: node bench/lighthouse.mjs <baseUrl> [runs]   e.g. node bench/lighthouse.mjs http://127.0.0.1:3000 3
// Runs a pinned `npx -y lighthouse@12` (deliberately not a dependency of the repo) with /usr/bin/chromium
// (CHROME_PATH overrides) `runs` times (default 3, LIGHTHOUSE_RUNS overrides), prints every run's four category
// scores, the median run (by performance) against the targets with its key metrics, and writes the median run's
// full report and a summary of all runs to bench/results/.
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
const runs = Math.max(1, Number(process.argv[3] ?? process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
// The targets: performance ≥ 95, the other three 100.
const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
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
const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

/** One Lighthouse run: its report file, category scores and key metrics. */
function runOnce(index) {
  const reportPath = path.join(resultsDir, `lighthouse-report-${stamp}-${index + 1}.json`);
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
  const scores = Object.fromEntries(
    Object.keys(targets).map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(metricIds.map((id) => [id, report.audits[id]?.displayValue ?? null]));
  process.stdout.write(
    `run ${index + 1}/${runs}: ${Object.entries(scores)
      .map(([id, score]) => `${id} ${score}`)
      .join(", ")}; ${metricIds.map((id) => `${id.replace(/-/g, " ")} ${metrics[id]}`).join(", ")}\n`,
  );
  return { reportPath, report, scores, metrics };
}

process.stdout.write(`Lighthouse 12 (mobile) on ${url}, ${runs} run(s)\n`);
const all = Array.from({ length: runs }, (_, i) => runOnce(i));
// The median run by performance (the category that moves with load); the other categories are read from it too.
const median = [...all].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor((runs - 1) / 2)];
const { report, scores, metrics } = median;
const reportPath = median.reportPath;

process.stdout.write("\nmedian run:\n");
let allMet = true;
for (const [id, target] of Object.entries(targets)) {
  const ok = scores[id] >= target;
  allMet &&= ok;
  process.stdout.write(
    `${report.categories[id]?.title.padEnd(16)} ${String(scores[id]).padStart(3)}   target ≥ ${target}   ${ok ? "ok" : "BELOW TARGET"}\n`,
  );
}
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
  runs: all.map((r) => ({ scores: r.scores, metrics: r.metrics, report: path.relative(root, r.reportPath) })),
  median: { scores, metrics },
  targets,
  allTargetsMet: allMet,
  failing,
  report: path.relative(root, reportPath),
};
writeFileSync(path.join(resultsDir, `lighthouse-${stamp}.json`), `${JSON.stringify(summary, null, 2)}\n`);
copyFileSync(path.join(resultsDir, `lighthouse-${stamp}.json`), path.join(resultsDir, "lighthouse-latest.json"));
process.stdout.write(`\nSummary: bench/results/lighthouse-${stamp}.json (full report: ${summary.report})\n`);
