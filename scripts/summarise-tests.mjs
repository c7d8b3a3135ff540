// Adds up the JSON reports of every suite and prints one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  let p = 0;
  let f = 0;
  let s = 0;
  if ("numPassedTests" in report) {
    // vitest
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // playwright
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  console.log(`${file.replace(/\.json$/, "").padEnd(16)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
  passed += p;
  failed += f;
  skipped += s;
}
if (passed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
console.log(`\nAll suites: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0) process.exit(1);
