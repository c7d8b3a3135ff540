// Renderer scenarios (issue 10 item 9): render time of a generated email at 600 px and 375 px with a warm browser
// (p50, p95; target p50 ≤ 500 ms for both widths), the whole rendered report (five renders, decision 109), and the
// whole Check my email answer (issue 37 item 8: p50 ≤ 1.5 s, p95 ≤ 3 s): the route's own service (checkEmail) with
// processing in the worker pool, five renders, axe-core and the spam score from spamd running beside the renders, as
// the route does. In-process: the renderer adapter as the server uses it, with its default concurrency of 2.
// spamd: BENCH_SPAMD_URL (default spamd://127.0.0.1:7830, as .ci/run starts it); the answer records whether it scored.
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { timed } from "../stats.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_RENDERS ?? 30);
const quiet = { info() {}, warn() {}, error() {} };

export default [
  {
    name: "renderer: 600 px + 375 px of a generated email, warm browser",
    type: "custom",
    async run() {
      const { tsImport } = await import("tsx/esm/api");
      const load = (p) => tsImport(path.join(root, p), import.meta.url);
      const { createRenderer } = await load("apps/server/src/adapters/renderer/renderer.ts");
      const { renderReport } = await load("apps/server/src/email-engine/render-report.ts");
      const { processEmail } = await load("apps/server/src/email-engine/process-email.ts");
      const { standInEmail } = await load("apps/server/stand-ins/gemini.ts");
      const { loadEnv } = await load("apps/server/src/env.ts");

      const raw = standInEmail({ emailType: "Newsletter Email Templates", instructions: "Bench", images: 1 });
      const { html } = processEmail({ html: raw.html, subject: raw.subject, source: "generated" });
      const renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent" }), log: quiet });
      try {
        const t0 = performance.now();
        await renderer.render({ html, width: 600 });
        const firstRenderMs = Number((performance.now() - t0).toFixed(0));
        await renderer.render({ html, width: 375 }); // warm the second slot
        const both = await timed(RUNS, () =>
          Promise.all([renderer.render({ html, width: 600 }), renderer.render({ html, width: 375 })]),
        );
        const desktop = await timed(RUNS, () => renderer.render({ html, width: 600 }));
        const report = await timed(Math.max(5, Math.round(RUNS / 3)), () =>
          renderReport(renderer, html, { storeAs: async (name) => name }),
        );
        // Check my email's rendered part as it answers: processing, five renders (the classic Outlook
        // approximation among them), axe-core, the Outlook pixel comparison and five WebP data: URLs.
        const { checkEmail, previewAsDataUrl } = await load("apps/server/src/features/email-check/service.ts");
        const checkMyEmail = await timed(Math.max(10, Math.round(RUNS / 2)), () =>
          renderReport(renderer, processEmail({ html: raw.html, source: "existing" }).html, {
            storeAs: previewAsDataUrl,
          }),
        );
        // The whole answer: the route's service with the route's dependencies (the worker pool, the renderer, spamd
        // scoring the RFC 5322 message while the previews render, the deliverability checks).
        const { createEmailProcessor } = await load("apps/server/src/email-engine/pool.ts");
        const { createSpamd } = await load("apps/server/src/adapters/spam/spamd.ts");
        const spamd = createSpamd(process.env.BENCH_SPAMD_URL ?? "spamd://127.0.0.1:7830");
        // Counts the scores spamd gave (a failed score leaves the check "unavailable" and would flatter the figure).
        let spamScored = 0;
        const spam = spamd && {
          score: async (message) => {
            const result = await spamd.score(message);
            spamScored += 1;
            return result;
          },
        };
        const processor = createEmailProcessor();
        const deps = {
          processor,
          render: (email, storeAs) => renderReport(renderer, email, { storeAs, thumbnail: false }),
          renderAt: (email, width) => renderer.render({ html: email, width }),
          spam,
          log: quiet,
        };
        const sender = { name: "Bench Member", address: "member@mailsmith.dev" };
        let checkMyEmailWholeAnswer;
        try {
          await checkEmail(deps, { html: raw.html, sender }); // starts a worker and a spamd child
          spamScored = 0;
          const runs = Math.max(10, Math.round(RUNS / 2));
          const wholeAnswer = await timed(runs, () => checkEmail(deps, { html: raw.html, sender }));
          checkMyEmailWholeAnswer = { ...wholeAnswer, spamScored: `${spamScored}/${runs}` };
        } finally {
          await processor.close();
        }
        return {
          loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
          emailKB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
          firstRenderWithLaunchMs: firstRenderMs,
          bothWidths: both,
          desktopOnly: desktop,
          fullReportFiveRenders: report,
          checkMyEmailRendered: checkMyEmail,
          checkMyEmailWholeAnswer,
          targetCheckMyEmailMs: { p50: 1500, p95: 3000 },
          targetBothWidthsP50Ms: 500,
        };
      } finally {
        await renderer.close();
      }
    },
  },
];
