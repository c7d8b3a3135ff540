// Two (or more) Mailsmith instances on one PostgreSQL and one Redis, as real processes from the sources.
//   node scripts/cluster.mjs            → needs DATABASE_URL and REDIS_URL; ports CLUSTER_PORTS (default 3201,3202)
// Used by apps/server/test/cluster.test.ts (npm test, PostgreSQL step) through startCluster().
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts one process per port, all at once (they migrate and seed one after the other through the start-up lock),
 * and resolves when every instance answers /api/health. Every instance shares the public URL (the first port) and
 * the auth secret, as instances behind one reverse proxy would.
 */
export async function startCluster({ databaseUrl, redisUrl, ports, env = {}, startTimeoutMs = 180_000, log }) {
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "mailsmith-cluster-"));
  const spawnInstance = (port, i) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        BETTER_AUTH_URL: urls[0],
        MAIL_FROM: "Mailsmith <no-reply@mailsmith.dev>",
        TRUSTED_ORIGINS: urls.join(","),
        BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? "cluster-secret-cluster-secret-cluster-0",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        RENDERER: "off",
        ...env,
      },
    });
    const tag = `[instance ${String.fromCharCode(65 + i)}] `;
    const forward = (chunk) => log?.(tag + String(chunk).trimEnd());
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    return child;
  };
  const children = ports.map(spawnInstance);
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once("exit", resolve);
            c.kill("SIGTERM");
            setTimeout(() => c.kill("SIGKILL"), 15_000).unref();
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };
  const untilHealthy = async (i, deadline) => {
    for (;;) {
      if (children[i].exitCode !== null) throw new Error(`${urls[i]} exited with ${children[i].exitCode}`);
      try {
        if ((await fetch(`${urls[i]}/api/health`)).ok) return;
      } catch {}
      if (Date.now() > deadline) throw new Error(`${urls[i]} did not come up`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  try {
    const deadline = Date.now() + startTimeoutMs;
    for (const i of urls.keys()) await untilHealthy(i, deadline);
  } catch (err) {
    await stop();
    throw err;
  }
  /** Rolling restarts: SIGTERM instance i and resolve with its exit code once it has exited. */
  const terminate = (i) =>
    new Promise((resolve) => {
      const child = children[i];
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once("exit", (code) => resolve(code));
      child.kill("SIGTERM");
    });
  /** Starts instance i again (after terminate) and resolves when it answers /api/health. */
  const start = async (i) => {
    children[i] = spawnInstance(ports[i], i);
    await untilHealthy(i, Date.now() + startTimeoutMs);
  };
  return { urls, stop, terminate, start };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) {
    console.error("Set DATABASE_URL (postgres://…) and REDIS_URL (redis://…).");
    process.exit(1);
  }
  const ports = (process.env.CLUSTER_PORTS ?? "3201,3202").split(",").map(Number);
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    ports,
    env: { SEED_DEMO: "true", LOG_LEVEL: "info" },
    log: (line) => console.log(line),
  });
  console.log(`Cluster up: ${cluster.urls.join("  ")}  (Ctrl-C stops it)`);
  process.on("SIGINT", () => void cluster.stop().then(() => process.exit(0)));
  process.on("SIGTERM", () => void cluster.stop().then(() => process.exit(0)));
}
