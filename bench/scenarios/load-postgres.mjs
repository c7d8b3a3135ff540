// Writes under load (issue 12 item 5): N members (default 200) for S seconds (default 60) on PostgreSQL, each looping
// over reads (own record, landing content, packages) and profile writes; counts errors and lost writes (the last
// acknowledged write of each member must be what the database holds) and reports p50/p99 over every request.
// It starts its own built server on a fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// with Redis when BENCH_REDIS_URL is reachable (default redis://127.0.0.1:6379). Knobs: BENCH_LOAD_MEMBERS,
// BENCH_LOAD_SECONDS, BENCH_LOAD_POOL (DATABASE_POOL_SIZE of that server).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const WRITE_EVERY = 4; // one profile write per four requests

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

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run() {
  const serverUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `PostgreSQL not reachable at ${serverUrl}: ${err.message}` };
  }
  const name = `ms_bench_${randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const entry = process.env.BENCH_SERVER ?? path.join(root, "apps/server/dist/main.js");
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: process.env.BENCH_LOAD_POOL ?? "10",
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `mailsmith-bench:${name}:`,
      BETTER_AUTH_URL: base,
      MAIL_FROM: "Mailsmith <no-reply@mailsmith.dev>",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
      SEED_DEMO: "true",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      // The production default, as in the other scenarios (BENCH_LOG_LEVEL to change it).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      RENDERER: "off",
    },
  });
  const headers = { "content-type": "application/json", origin: base };
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`load server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 900) throw new Error("load server did not come up");
      await new Promise((r) => setTimeout(r, 200));
    }
    // Members sign up ten at a time (password hashing is the slow part, not what is measured).
    const members = [];
    for (let i = 0; i < MEMBERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, MEMBERS - i) }, async (_, j) => {
          const email = `load-${i + j}-${randomBytes(3).toString("hex")}@bench.local`;
          const res = await fetch(`${base}/api/auth/sign-up/email`, {
            method: "POST",
            headers,
            body: JSON.stringify({ email, password: "load-password-1", name: `Load ${i + j}` }),
          });
          if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
          const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
          return { email, cookie, id: me.user._id, lastWritten: null, writes: 0 };
        }),
      );
      members.push(...batch);
    }

    const latencies = [];
    const byPath = new Map();
    let errors = 0;
    let requests = 0;
    const reads = ["/api/me", "/api/hero-section", "/api/features-section", "/api/packages"];
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      members.map(async (m, index) => {
        let n = index;
        while (Date.now() < deadline) {
          n += 1;
          const write = n % WRITE_EVERY === 0;
          const readPath = reads[Math.floor(n / WRITE_EVERY) % reads.length];
          const started = performance.now();
          try {
            if (write) {
              const city = `city-${m.writes + 1}`;
              const res = await fetch(`${base}/api/update-user-profile/${m.id}`, {
                method: "PUT",
                headers: { ...headers, cookie: m.cookie },
                body: JSON.stringify({ userName: `Load ${index}`, city }),
              });
              await res.arrayBuffer();
              if (res.ok) {
                m.writes += 1;
                m.lastWritten = city;
              } else errors += 1;
            } else {
              const res = await fetch(base + readPath, { headers: { cookie: m.cookie } });
              await res.arrayBuffer();
              if (!res.ok) errors += 1;
            }
          } catch {
            errors += 1;
          }
          requests += 1;
          const ms = performance.now() - started;
          latencies.push(ms);
          const key = write ? "PUT profile" : readPath;
          if (!byPath.has(key)) byPath.set(key, []);
          byPath.get(key).push(ms);
        }
      }),
    );
    const check = new pg.Client({ connectionString: dbUrl.toString() });
    await check.connect();
    const { rows } = await check.query(`select id, city from "user" where id = any($1)`, [members.map((m) => m.id)]);
    await check.end();
    const stored = new Map(rows.map((r) => [r.id, r.city]));
    const lostWrites = members.filter((m) => m.lastWritten !== null && stored.get(m.id) !== m.lastWritten).length;
    latencies.sort((a, b) => a - b);
    return {
      database: "postgres",
      members: MEMBERS,
      seconds: SECONDS,
      requests,
      writes: members.reduce((s, m) => s + m.writes, 0),
      requestsPerSec: Math.round(requests / SECONDS),
      errors,
      lostWrites,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      byRequest: Object.fromEntries(
        [...byPath].map(([k, v]) => {
          v.sort((a, b) => a - b);
          return [k, { n: v.length, p50Ms: Math.round(percentile(v, 50)), p99Ms: Math.round(percentile(v, 99)) }];
        }),
      ),
      target: "0 errors, 0 lost writes, p99 ≤ 300 ms",
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r() : server.once("exit", r)));
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

export default [{ name: "load: 200 members × 60 s mixed reads/profile writes (PostgreSQL)", type: "custom", run }];
