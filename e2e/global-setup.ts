import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGeminiStandIn } from "../apps/server/stand-ins/gemini";
import { createScratchDatabase } from "../apps/server/test/scratch-database";
import { startSmtpCatcher } from "../apps/server/test/smtp-catcher";
import {
  ADMIN,
  E2E_LANES,
  GEMINI_STAND_IN_PORT_OFFSET,
  lanePort,
  MAIL_API_PORT_OFFSET,
  OPENAI_STAND_IN_PORT_OFFSET,
} from "./fixtures/constants";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resolves with the database kind /api/health reports once the server answers. */
async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return ((await res.json()) as { database: string }).database;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

/**
 * Lane 0 runs on the embedded database (PGlite in a fresh data folder), as `npm start` does; later lanes run on
 * PostgreSQL when TEST_DATABASE_URL names a server (npm test sets it), each in a database of its own, created empty and
 * dropped afterwards: the built server is then checked end to end on both databases, and a lane on PostgreSQL starts
 * and serves on less CPU than one on PGlite (measured 27 November).
 */
async function laneDatabase(lane: number, port: number): Promise<{ url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (lane === 0 || !serverUrl) return { drop: async () => {} };
  // A fixed name per port: a run that was killed leaves its database behind, and the next one starts from empty.
  return createScratchDatabase(serverUrl, `mailsmith_e2e_${port}`);
}

/** Starts the built server for one lane on a fresh database with demo content; resolves once it is healthy. */
async function startServer(lane: number, smtpUrl: string, geminiUrl: string) {
  const port = lanePort(lane);
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await laneDatabase(lane, port);
  const dataDir = mkdtempSync(path.join(tmpdir(), "mailsmith-e2e-"));
  const serverDir = process.env.E2E_SERVER_DIR ?? path.join(root, "apps/server/.e2e-build", String(lanePort(0)));
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, "apps/web/.e2e-build", String(lanePort(0)));
  const server = spawn(process.execPath, [path.join(serverDir, "main.js")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Unset (PGlite in DATA_DIR) unless this lane has a PostgreSQL database, whatever the shell running the tests has.
      DATABASE_URL: database.url ?? "",
      WEB_DIST: webDist,
      BETTER_AUTH_URL: baseUrl,
      BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtpUrl,
      GEMINI_BASE_URL: geminiUrl,
      // The OpenAI-compatible stand-in specs start is a model server on this machine, allowed as an operator would.
      OPENAI_COMPATIBLE_ALLOWED_ORIGINS: `http://127.0.0.1:${lanePort(0) + OPENAI_STAND_IN_PORT_OFFSET}`,
      SEED_DEMO: "true",
      // Every spec signs up from 127.0.0.1.
      SIGNUP_LIMIT_PER_HOUR: "100000",
      RESET_LIMIT_PER_HOUR: "100000",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    const kind = await waitForHealth(baseUrl, server, 300_000);
    const expected = database.url ? "postgres" : "pglite";
    if (kind !== expected) throw new Error(`lane ${lane + 1} should run on ${expected} but its server uses ${kind}`);
    console.log(`lane ${lane + 1}: ${baseUrl} on ${kind}`);
  } catch (err) {
    // Never leave a half-started server holding the port for the next run.
    await stop();
    throw err;
  }
  return stop;
}

/**
 * Starts, for the whole run: a loopback SMTP server (with a tiny HTTP API the specs read mail from; every lane's
 * server sends to it, and specs pick mail by their own unique addresses) and one built Mailsmith server per lane.
 * scripts/e2e.sh builds into apps/server/.e2e-build/<port> and apps/web/.e2e-build/<port> first.
 */
export default async function globalSetup() {
  const smtp = await startSmtpCatcher();
  // The generator talks to a local Gemini stand-in (a key still has to be added through the admin API).
  const gemini = await startGeminiStandIn({ port: lanePort(0) + GEMINI_STAND_IN_PORT_OFFSET });

  const mailApi = http.createServer((req, res) => {
    if (req.url?.startsWith("/messages")) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(smtp.messages));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => mailApi.listen(lanePort(0) + MAIL_API_PORT_OFFSET, "127.0.0.1", resolve));

  const started = await Promise.allSettled(
    Array.from({ length: E2E_LANES }, (_, lane) => startServer(lane, smtp.url, gemini.url)),
  );
  const stops = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const teardown = async () => {
    await Promise.all(stops.map((stop) => stop()));
    await smtp.close();
    await gemini.close();
    mailApi.close();
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
