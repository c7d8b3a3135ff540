// Generator scenarios: server time per generation against an instant Gemini stand-in (p50, p95) and
// post-processing time for a 60 KB email. The stand-in runs as a child process started by setup().
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { percentile } from "../stats.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 30);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function setup() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/stand-ins/gemini-main.ts"), "--port", String(port)],
    { cwd: root, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() - start > 20_000) throw new Error("Gemini stand-in did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { env: { GEMINI_BASE_URL: url }, teardown: () => child.kill("SIGTERM") };
}

async function signUp(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      email: `gen-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`,
      password: "bench-password-1",
      name: "Bench Generator",
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A member with enough credits for a run: sign-up bonuses may wait for a verified address, so an admin tops up. */
async function fundedMember(baseUrl, admin, credits) {
  const cookie = await signUp(baseUrl);
  const me = await (await fetch(`${baseUrl}/api/me`, { headers: { origin: baseUrl, cookie } })).json();
  const res = await fetch(`${baseUrl}/api/users/${me.user._id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: baseUrl, cookie: admin },
    body: JSON.stringify({ currentBalance: credits }),
  });
  if (!res.ok) throw new Error(`topping up credits failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export default [
  {
    name: "generator: POST /api/generate, instant stand-in",
    type: "custom",
    async run({ baseUrl, cookieFor }) {
      const admin = await cookieFor("admin");
      const key = await fetch(`${baseUrl}/api/gemini-keys`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, cookie: admin },
        body: JSON.stringify({ name: "Bench stand-in", key: "bench-stand-in-key-000111" }),
      });
      if (!key.ok) throw new Error(`adding a key failed: ${key.status}`);
      const times = [];
      const cookie = await fundedMember(baseUrl, admin, GENERATIONS + 5);
      let failures = 0;
      for (let i = 0; i < GENERATIONS; i++) {
        const form = new FormData();
        form.append("emailType", "Newsletter Email Templates");
        form.append("instructions", `Bench run ${i}`);
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/generate`, {
          method: "POST",
          headers: { origin: baseUrl, cookie },
          body: form,
        });
        const text = await res.text();
        times.push(performance.now() - t0);
        if (!res.ok || !text.includes('"type":"done"')) failures += 1;
      }
      times.sort((a, b) => a - b);
      return { generations: GENERATIONS, failures, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
    },
  },
  {
    // Issue 11: the job path with a design image — crop the boxes, post-process, render (600/375/dark), score
    // against the design (and the repair pass when the score is low). Server time = job finishedAt − createdAt.
    name: "generator: job with a design (images, render, score), instant stand-in",
    type: "custom",
    async run({ baseUrl, cookieFor }) {
      const admin = await cookieFor("admin");
      await fetch(`${baseUrl}/api/gemini-keys`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, cookie: admin },
        body: JSON.stringify({ name: "Bench stand-in (jobs)", key: "bench-stand-in-key-jobs-000222" }),
      });
      const { default: sharp } = await import("sharp");
      const block = (w, h, c) =>
        sharp({ create: { width: w, height: h, channels: 3, background: c } })
          .png()
          .toBuffer();
      const design = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#ffffff" } })
        .composite([
          { input: await block(600, 90, "#eab308"), left: 0, top: 0 },
          { input: await block(156, 54, "#dc2626"), left: 24, top: 18 },
          { input: await block(600, 300, "#1d4ed8"), left: 0, top: 180 },
          { input: await block(200, 48, "#dc2626"), left: 32, top: 520 },
        ])
        .png()
        .toBuffer();
      const runs = Math.max(5, Math.floor(GENERATIONS / 2));
      const server = [];
      const wall = [];
      let failures = 0;
      let repaired = 0;
      let firstFailure;
      const scores = [];
      const cookie = await fundedMember(baseUrl, admin, runs * 2 + 5);
      for (let i = 0; i < runs; i++) {
        const form = new FormData();
        form.append("emailType", "Newsletter Email Templates");
        form.append("instructions", `Bench job ${i}`);
        form.append("images", new Blob([design], { type: "image/png" }), "design.png");
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/generations`, {
          method: "POST",
          headers: { origin: baseUrl, cookie },
          body: form,
        });
        if (res.status !== 202) {
          failures += 1;
          firstFailure ??= `${res.status} ${(await res.text()).slice(0, 200)}`;
          continue;
        }
        const job = (await res.json()).data.jobs[0];
        const stream = await fetch(`${baseUrl}/api/generations/${job._id}/stream`, {
          headers: { origin: baseUrl, cookie },
        });
        const lines = (await stream.text()).trim().split("\n");
        wall.push(performance.now() - t0);
        const last = JSON.parse(lines.at(-1));
        if (last.type !== "done") {
          failures += 1;
          firstFailure ??= JSON.stringify(last).slice(0, 200);
          continue;
        }
        server.push(new Date(last.job.finishedAt).getTime() - new Date(last.job.createdAt).getTime());
        if (typeof last.template.score === "number") scores.push(last.template.score);
        if (last.template.repaired) repaired += 1;
      }
      server.sort((a, b) => a - b);
      wall.sort((a, b) => a - b);
      scores.sort((a, b) => a - b);
      return {
        generations: runs,
        failures,
        serverP50Ms: percentile(server, 50),
        serverP95Ms: percentile(server, 95),
        wallP50Ms: percentile(wall, 50),
        wallP95Ms: percentile(wall, 95),
        scored: scores.length,
        medianScore: scores.length ? scores[Math.floor(scores.length / 2)] : null,
        repaired,
        ...(firstFailure ? { firstFailure } : {}),
      };
    },
  },
  {
    name: "generator: post-processing a 60 KB email",
    type: "custom",
    async run() {
      const { tsImport } = await import("tsx/esm/api");
      const { processEmail } = await tsImport(
        path.join(root, "apps/server/src/email-engine/process-email.ts"),
        import.meta.url,
      );
      const { standInEmail } = await tsImport(path.join(root, "apps/server/stand-ins/gemini.ts"), import.meta.url);
      const base = standInEmail({ emailType: "Newsletter Email Templates", instructions: "Bench", images: 1 }).html;
      const section = base.slice(
        base.indexOf('<tr><td class="section"'),
        base.lastIndexOf("</td></tr>", base.indexOf('<tr><td style="padding:24px 32px;background-color:#1d4ed8')) + 10,
      );
      let html = base;
      while (Buffer.byteLength(html) < 60 * 1024)
        html = html.replace("</table></td></tr></table></body>", `${section}</table></td></tr></table></body>`);
      processEmail({ html, source: "generated" }); // warm up
      const times = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        processEmail({ html, source: "generated" });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);

      // What the server's event loop feels while 10 such emails are processed: inline vs the worker pool it uses.
      const { createEmailProcessor } = await tsImport(
        path.join(root, "apps/server/src/email-engine/pool.ts"),
        import.meta.url,
      );
      const { monitorEventLoopDelay } = await import("node:perf_hooks");
      const loopDelay = async (work) => {
        const h = monitorEventLoopDelay({ resolution: 1 });
        h.enable();
        const t0 = performance.now();
        await work();
        const elapsed = performance.now() - t0;
        h.disable();
        return { maxLoopDelayMs: Number((h.max / 1e6).toFixed(1)), wallMs: Number(elapsed.toFixed(0)) };
      };
      const inline = await loopDelay(async () => {
        for (let i = 0; i < 10; i++) {
          processEmail({ html, source: "generated" });
          await new Promise((r) => setImmediate(r));
        }
      });
      const pool = createEmailProcessor();
      await pool.run({ html, source: "generated" }); // start a worker
      const pooled = await loopDelay(() =>
        Promise.all(Array.from({ length: 10 }, () => pool.run({ html, source: "generated" }))),
      );
      await pool.close();
      return {
        inputKB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
        runs: 20,
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        tenEmailsInline: inline,
        tenEmailsInWorkers: pooled,
      };
    },
  },
];
