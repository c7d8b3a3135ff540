/**
 * npm run reader:measure — the design reader on the whole email corpus (decision 120): every template drawn by
 * Chromium at 600 px (desktop) and at 375 px × 3 (a phone screenshot), read in this process with one OCR engine, and
 * compared with the words a person sees. Prints one line per picture and the figures: word recall (median, worst),
 * seconds per design (p50, p95), the fast check's time, peak memory.
 *
 *   npm run reader:measure [-- --views desktop,phone] [-- --only id1,id2]
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { checkDesignReadable, closeSharedOcrEngine, readDesign } from "../src/design-reader/index.js";
import { quantile, type RENDER_VIEWS, renderCorpusDesigns, wordRecall } from "../test/design-reader-renders.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const views = (arg("views")?.split(",") ?? ["desktop", "phone"]) as (keyof typeof RENDER_VIEWS)[];
const only = arg("only")?.split(",");

const renders = await renderCorpusDesigns({ ids: only, views });
console.log(`${renders.length} pictures drawn (${views.join(", ")})`);
const recalls: number[] = [];
const seconds: number[] = [];
/** CPU seconds of this process (the reader and its OCR thread): less dependent on how busy the machine is. */
const cpuSeconds: number[] = [];
const loadBefore = loadavg()[0]!;
const checks: number[] = [];
const refused: string[] = [];
let buttons = 0;
for (const r of renders) {
  const checkStarted = performance.now();
  const check = await checkDesignReadable(r.png);
  checks.push((performance.now() - checkStarted) / 1000);
  if (!check.ok) refused.push(`${r.id}.${r.view}: ${check.code}`);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const layout = await readDesign(r.png);
  const s = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  cpuSeconds.push((cpu.user + cpu.system) / 1e6);
  const { recall, missing } = wordRecall(r.words, layout.text);
  const blocks = layout.sections.flatMap((x) => x.rows.flatMap((row) => row.columns.flatMap((c) => c.blocks)));
  const found = blocks.filter((b) => b.kind === "button").length;
  buttons += found;
  recalls.push(recall);
  seconds.push(s);
  console.log(
    `${`${r.id}.${r.view}`.padEnd(48)} recall ${recall.toFixed(3)}  ${s.toFixed(2)} s  scale ${layout.scale}  ` +
      `sections ${layout.sections.length}  buttons ${found}  unreadable ${layout.unreadable.length}  ` +
      `lang ${layout.language ?? "-"}${missing.length ? `  missing: ${missing.slice(0, 12).join(" ")}` : ""}`,
  );
}
await closeSharedOcrEngine();
const rssMb = process.resourceUsage().maxRSS / 1024;
console.log("");
console.log(`pictures            ${renders.length}`);
console.log(
  `word recall         median ${quantile(recalls, 0.5).toFixed(3)}  worst ${Math.min(...recalls).toFixed(3)}`,
);
console.log(`seconds per design  p50 ${quantile(seconds, 0.5).toFixed(2)}  p95 ${quantile(seconds, 0.95).toFixed(2)}`);
console.log(
  `CPU s per design    p50 ${quantile(cpuSeconds, 0.5).toFixed(2)}  p95 ${quantile(cpuSeconds, 0.95).toFixed(2)}`,
);
console.log(
  `load average        ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after (${availableParallelism()} cores)`,
);
console.log(`fast check seconds  p50 ${quantile(checks, 0.5).toFixed(3)}  p95 ${quantile(checks, 0.95).toFixed(3)}`);
console.log(`buttons found       ${buttons}`);
console.log(`refused by check    ${refused.length}${refused.length ? ` (${refused.join(", ")})` : ""}`);
console.log(`peak memory         ${rssMb.toFixed(0)} MB (this process: OCR engine and reader)`);
