// Generation quality (issue 43 item 7, decision 123): opt-in — it reads and builds ~38 emails with OCR and renders
// (minutes, not seconds), so a plain `npm run bench` skips it; BENCH_ONLY=generation-quality runs it through
// bench/generation-quality/run.ts (also `npm run bench:generation`) and reports its medians and worst cases.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const NAME = "generation-quality";

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : null;
};

export default [
  {
    name: `${NAME}: word recall, visual similarity, structure, 375 px fit, a11y, seconds per design`,
    type: "custom",
    async run() {
      if (!process.env.BENCH_ONLY?.includes(NAME)) return { skipped: `opt-in: BENCH_ONLY=${NAME}` };
      const json = path.join(mkdtempSync(path.join(tmpdir(), "mailsmith-genq-")), "results.json");
      const r = spawnSync(process.execPath, ["--import", "tsx", "bench/generation-quality/run.ts"], {
        cwd: root,
        env: { ...process.env, BENCH_JSON: json },
        stdio: ["ignore", "inherit", "inherit"],
      });
      if (r.status !== 0) throw new Error(`bench/generation-quality/run.ts exited with ${r.status}`);
      const results = JSON.parse(readFileSync(json, "utf8"));
      const out = {};
      for (const g of ["floor", "reader"]) {
        const rs = results.filter((x) => x.generator === g);
        if (!rs.length) continue;
        out[g] = {
          designs: rs.length,
          wordRecall: median(rs.map((x) => x.wordRecall ?? 1)),
          visual600: median(rs.map((x) => x.visual600)),
          visual375: median(rs.map((x) => x.visual375)),
          structure: median(rs.map((x) => x.structure)),
          fits375: rs.filter((x) => x.fits375).length / rs.length,
          a11yPassed: median(rs.map((x) => x.a11yPassed)),
          score: median(rs.map((x) => x.score)),
          seconds: median(rs.map((x) => x.seconds)),
        };
      }
      return out;
    },
  },
];
