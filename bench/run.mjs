// npm run bench: starts the built server on a fresh embedded database and a bare Fastify baseline,
// runs every scenario in bench/scenarios/*.mjs, prints req/s, p99 and the ratio to the baseline,
// and writes the figures to bench/results/. Scenario shape: see bench/README.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
// The targets for public reads (scenarios marked `read: true`), measured against the bare route in the same run.
const READ_TARGET = { ratio: 0.5, p99Ms: 25 };
const serverEntry = process.env.BENCH_SERVER ?? path.join(root, "apps/server/dist/main.js");
// The servers' log level: the production default unless told otherwise.
const logLevel = process.env.BENCH_LOG_LEVEL ?? "info";
// Substring filter on scenario names; several separated by "|" (e.g. BENCH_ONLY="content:|health").
const only = process.env.BENCH_ONLY?.split("|").filter(Boolean);
const ADMIN = { email: "admin@bench.local", password: "bench-admin-password" };

/**
 * Fetches an answer's bytes as sent (compressed, not decoded as fetch would) and gives them to the bare server, which
 * then serves them at /bare-copy with the same content type and encoding.
 */
async function copyToBare(url, headers, barePort) {
  const res = await new Promise((resolve, reject) => {
    http.get(url, { headers }, resolve).on("error", reject);
  });
  if (res.statusCode !== 200) {
    res.resume();
    throw new Error(`${url} answered ${res.statusCode}: nothing to copy`);
  }
  const chunks = [];
  for await (const chunk of res) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const put = await fetch(`http://127.0.0.1:${barePort}/bare-copy`, {
    method: "PUT",
    headers: {
      "content-type": "application/octet-stream",
      "x-copy-type": res.headers["content-type"] ?? "application/octet-stream",
      "x-copy-encoding": res.headers["content-encoding"] ?? "",
    },
    body,
  });
  if (!put.ok) throw new Error(`bare server refused the copy: ${put.status}`);
  return { bytes: body.length };
}

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

async function waitFor(url, child, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

// Clock ticks per second for /proc/<pid>/stat (getconf CLK_TCK; 100 on Linux unless the kernel says otherwise).
const clockTicks = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(out.stdout?.trim()) || 100;
})();

/**
 * CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. The throughput
 * ratio also carries the load generator's cost, which grows with the headers and bytes it receives; the server's own
 * CPU per request is the figure that depends on nothing but the server.
 */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may itself hold ") ".
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** Runs autocannon and adds the process's CPU microseconds per request it answered during the run (or null). */
async function cannonWithCpu(pid, opts) {
  const before = processCpuSeconds(pid);
  const result = await cannon(opts);
  const after = processCpuSeconds(pid);
  const cpuMicrosPerRequest =
    before === null || after === null || !result.requests.total
      ? null
      : Number((((after - before) * 1e6) / result.requests.total).toFixed(1));
  return { result, cpuMicrosPerRequest };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function summarise(result) {
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function cookieFor(baseUrl, role) {
  const headers = { "content-type": "application/json", origin: baseUrl };
  const res =
    role === "admin"
      ? await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify(ADMIN) })
      : await fetch(`${baseUrl}/api/auth/sign-up/email`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`,
            password: "bench-password-1",
            name: "Bench Member",
          }),
        });
  if (!res.ok) throw new Error(`${role} sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function main() {
  const scenarioDir = path.join(root, "bench/scenarios");
  const modules = [];
  for (const file of readdirSync(scenarioDir)
    .filter((f) => f.endsWith(".mjs"))
    .sort()) {
    modules.push({ file, mod: await import(pathToFileURL(path.join(scenarioDir, file)).href) });
  }

  const extraEnv = {};
  const teardowns = [];
  for (const { mod } of modules) {
    if (typeof mod.setup === "function") {
      const out = (await mod.setup()) ?? {};
      Object.assign(extraEnv, out.env ?? {});
      if (out.teardown) teardowns.push(out.teardown);
    }
  }

  const barePort = await freePort();
  const bare = spawn(process.execPath, [path.join(root, "bench/bare-server.mjs"), String(barePort)], {
    stdio: "inherit",
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "mailsmith-bench-"));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BETTER_AUTH_URL: baseUrl,
      MAIL_FROM: "Mailsmith <no-reply@mailsmith.dev>",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "true",
      // The production default (one log line per request): a quieter level would flatter every figure.
      LOG_LEVEL: logLevel,
      // Every scenario signs members up from 127.0.0.1 (the default allows 5 an hour per address).
      SIGNUP_LIMIT_PER_HOUR: "100000",
      ...extraEnv,
    },
  });
  const results = {
    when: new Date().toISOString(),
    duration,
    connections,
    logLevel,
    database: "pglite",
    scenarios: [],
  };
  try {
    await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
    await waitFor(`${baseUrl}/api/health`, server);
    const cookies = {};
    const getCookie = async (role) => (cookies[role] ??= await cookieFor(baseUrl, role));

    process.stdout.write(
      `Baseline: bare Fastify GET /bare, ${connections} connections, ${duration}s; server log level ${logLevel}\n`,
    );
    const baseline = summarise(await cannon({ url: `http://127.0.0.1:${barePort}/bare` }));
    results.baseline = baseline;
    const line = (name, s) =>
      `${name.padEnd(48)} ${String(s.requestsPerSec).padStart(8)} req/s   p99 ${String(s.p99Ms).padStart(5)} ms   ratio ${(s.ratioToBaseline ?? s.requestsPerSec / baseline.requestsPerSec).toFixed(3)}${s.bare ? ` (bare ${s.bare.requestsPerSec} req/s, p99 ${s.bare.p99Ms} ms)` : ""}${s.non2xx ? `   non-2xx ${s.non2xx}` : ""}`;
    process.stdout.write(`${line("baseline: bare Fastify", baseline)}\n`);

    for (const { file, mod } of modules) {
      for (const sc of mod.default ?? []) {
        if (only && !only.some((o) => sc.name.includes(o))) continue;
        if (sc.type === "custom") {
          const metrics = await sc.run({ baseUrl, cookieFor: getCookie, admin: ADMIN });
          results.scenarios.push({ file, name: sc.name, type: "custom", metrics });
          process.stdout.write(`${sc.name.padEnd(48)} ${JSON.stringify(metrics)}\n`);
          continue;
        }
        const headers = { origin: baseUrl, ...(sc.headers ?? {}) };
        if (sc.auth) headers.cookie = await getCookie(sc.auth);
        if (sc.revalidate) {
          // A browser revalidating what it has: If-None-Match with the current ETag (answers 304).
          const etag = (await fetch(baseUrl + sc.path, { headers })).headers.get("etag");
          if (etag) headers["if-none-match"] = etag;
        }
        if (sc.body !== undefined) headers["content-type"] = "application/json";
        // On a shared machine the load changes from minute to minute: a read's ratio is taken against the bare route
        // measured right before it (paired), not only the run's first baseline.
        // A read whose answer is far larger than /bare's (the landing page) is paired with the bare route sending the
        // same bytes (sameBytesBaseline), since the load generator's own cost grows with the bytes it receives.
        const sameBytes = sc.sameBytesBaseline ? await copyToBare(baseUrl + sc.path, headers, barePort) : null;
        const pairedUrl = `http://127.0.0.1:${barePort}${sameBytes ? "/bare-copy" : "/bare"}`;
        const pairedRun = sc.read ? await cannonWithCpu(bare.pid, { url: pairedUrl }) : null;
        const paired = pairedRun ? summarise(pairedRun.result) : baseline;
        const run = await cannonWithCpu(server.pid, {
          url: baseUrl + sc.path,
          method: sc.method ?? "GET",
          headers,
          body: sc.body === undefined ? undefined : JSON.stringify(sc.body),
        });
        const summary = summarise(run.result);
        summary.ratioToBaseline = Number((summary.requestsPerSec / paired.requestsPerSec).toFixed(3));
        if (sc.read) summary.bare = { requestsPerSec: paired.requestsPerSec, p99Ms: paired.p99Ms };
        if (sc.read && run.cpuMicrosPerRequest && pairedRun?.cpuMicrosPerRequest) {
          summary.serverCpuMicrosPerRequest = run.cpuMicrosPerRequest;
          summary.bare.cpuMicrosPerRequest = pairedRun.cpuMicrosPerRequest;
          // Bare's CPU per request over the read's: 0.5 means the server spends twice what bare Fastify does.
          summary.cpuRatioToBare = Number((pairedRun.cpuMicrosPerRequest / run.cpuMicrosPerRequest).toFixed(3));
        }
        // autocannon counts a 304 as non-2xx; for a revalidation it is the expected answer.
        if (sc.revalidate) summary.non2xx = 0;
        if (sameBytes) {
          summary.bare.bytes = sameBytes.bytes;
          // For information: against the 17-byte /bare answer, measured right after (the machine drifts).
          const small = summarise(await cannon({ url: `http://127.0.0.1:${barePort}/bare` }));
          summary.ratioToSmallBare = Number((summary.requestsPerSec / small.requestsPerSec).toFixed(3));
        }
        if (sc.read) {
          summary.meetsTarget = summary.ratioToBaseline >= READ_TARGET.ratio && summary.p99Ms <= READ_TARGET.p99Ms;
        }
        results.scenarios.push({ file, name: sc.name, type: "http", read: Boolean(sc.read), ...summary });
        process.stdout.write(
          `${line(sc.name, summary)}${sc.read ? (summary.meetsTarget ? "   ✓ target" : "   ✗ target") : ""}\n`,
        );
        if (summary.cpuRatioToBare !== undefined) {
          process.stdout.write(
            `${"  server CPU per request".padEnd(48)} ${summary.serverCpuMicrosPerRequest} µs (bare ${summary.bare.cpuMicrosPerRequest} µs): ratio ${summary.cpuRatioToBare.toFixed(3)}\n`,
          );
        }
        if (sameBytes) {
          process.stdout.write(
            `${"  (paired with bare sending the same bytes)".padEnd(48)} ${summary.bare.bytes} bytes; ratio to /bare ${summary.ratioToSmallBare.toFixed(3)}, for information\n`,
          );
        }
      }
    }
    const reads = results.scenarios.filter((r) => r.read);
    if (reads.length) {
      const met = reads.filter((r) => r.meetsTarget).length;
      const worst = reads.reduce((a, b) => (b.ratioToBaseline < a.ratioToBaseline ? b : a));
      results.readTarget = { ...READ_TARGET, met, of: reads.length, worstRatio: worst.ratioToBaseline };
      process.stdout.write(
        `\nPublic reads: ${met}/${reads.length} meet ratio ≥ ${READ_TARGET.ratio} and p99 ≤ ${READ_TARGET.p99Ms} ms (worst ratio ${worst.ratioToBaseline}: ${worst.name})\n`,
      );
      const cpuRatios = reads.map((r) => r.cpuRatioToBare).filter((r) => r !== undefined);
      if (cpuRatios.length) {
        results.readTarget.serverCpuRatio = { min: Math.min(...cpuRatios), max: Math.max(...cpuRatios) };
        process.stdout.write(
          `Server CPU per request, bare Fastify's over each read's: ${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)} (the load generator's share is not in it)\n`,
        );
      }
    }
    // The JavaScript the landing and login pages load (landing initial JS ≤ 120 KB gzip).
    const landingJs = spawnSync(process.execPath, [path.join(root, "bench/landing-js.mjs"), baseUrl, "/", "/login"], {
      stdio: "inherit",
    });
    results.landingJsExitCode = landingJs.status;
    // Lighthouse (mobile) on the landing page while the server is up; it writes its own JSON.
    const lighthouse = path.join(root, "bench/lighthouse.mjs");
    if (existsSync(lighthouse) && !process.env.BENCH_SKIP_LIGHTHOUSE) {
      const run = spawnSync(process.execPath, [lighthouse, baseUrl], { stdio: "inherit" });
      results.lighthouseExitCode = run.status;
    }
  } finally {
    server.kill("SIGTERM");
    bare.kill("SIGTERM");
    for (const t of teardowns) await t();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const outDir = path.join(root, "bench/results");
  mkdirSync(outDir, { recursive: true });
  const stamp = results.when.replace(/[:.]/g, "-");
  writeFileSync(path.join(outDir, `bench-${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nWrote bench/results/bench-${stamp}.json\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
