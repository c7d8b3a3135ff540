// Fidelity score (issue 11, decision 058): time of scoreFidelity alone (the render is measured in renderer.mjs) on
// a generated email against a design of it with looser spacing (a typical pair), and on a tall email (about 4000 px
// at 600 px wide). In-process, pictures rendered once with the real renderer; p50 and p95 over BENCH_SCORES runs.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { timed } from "../stats.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_SCORES ?? 30);
const quiet = { info() {}, warn() {}, error() {} };

export default [
  {
    name: "fidelity: scoreFidelity of a rendered email against its design (typical and tall)",
    type: "custom",
    async run() {
      const { tsImport } = await import("tsx/esm/api");
      const load = (p) => tsImport(path.join(root, p), import.meta.url);
      const { createRenderer } = await load("apps/server/src/adapters/renderer/renderer.ts");
      const { scoreFidelity } = await load("apps/server/src/email-engine/fidelity/index.ts");
      const { standInEmail } = await load("apps/server/stand-ins/gemini.ts");
      const { loadEnv } = await load("apps/server/src/env.ts");

      const { html } = standInEmail({ emailType: "Newsletter Email Templates", instructions: "Bench", images: 1 });
      const spaced = html.replace(/padding:24px 32px/g, "padding:32px 40px");
      const tall = html.replace(
        "</table></td></tr></table></body>",
        `${'<tr><td style="padding:24px 32px"><h2>More news</h2><p>Another block of text to make the email long.</p></td></tr>'.repeat(30)}</table></td></tr></table></body>`,
      );
      const renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent" }), log: quiet });
      try {
        const design = await renderer.render({ html, width: 600 });
        const result = await renderer.render({ html: spaced, width: 600 });
        const tallDesign = await renderer.render({ html: tall, width: 600 });
        const tallResult = await renderer.render({
          html: tall.replace(/padding:24px 32px/g, "padding:30px 32px"),
          width: 600,
        });
        const args = (d, r) => ({ design: d.png, rendered: r.png, designText: d.text, renderedText: r.text });
        const sample = await scoreFidelity(args(design, result));
        return {
          typical: {
            heightsPx: [design.heightPx, result.heightPx],
            score: sample.score,
            ...(await timed(RUNS, () => scoreFidelity(args(design, result)))),
          },
          tall: {
            heightsPx: [tallDesign.heightPx, tallResult.heightPx],
            ...(await timed(Math.max(5, Math.round(RUNS / 3)), () => scoreFidelity(args(tallDesign, tallResult)))),
          },
        };
      } finally {
        await renderer.close();
      }
    },
  },
];
