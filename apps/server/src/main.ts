import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { letterShapes } from "./adapters/mail/letters.js";
import { createOutboxMailer, createSmtpMailer } from "./adapters/mail/mailer.js";
import { buildApp } from "./app.js";
import { seed } from "./composition/seed.js";
import { createContext } from "./context.js";
import { serveBackupSocket } from "./db/backup.js";
import { type Database, openPglite, openPostgres } from "./db/client.js";
import { ConfigError, loadEnv } from "./env.js";
import { resolveAuthSecret } from "./lib/auth-secret.js";
import { batchedLogStream } from "./lib/batched-log-stream.js";
import { lockDataDir } from "./lib/data-dir-lock.js";

/** In-flight requests get this long after SIGTERM; the rest of the 10 s limit is for the hooks and the database. */
const SHUTDOWN_GRACE_MS = 7_000;

async function main() {
  const env = loadEnv();
  // Lines are held and written in batches, warnings and errors at once, through a synchronous stream
  // (pino's asynchronous one re-measures its growing pending buffer for every new line).
  const logStream = batchedLogStream(pino.destination({ dest: 1, sync: true }));
  const log = pino({ level: env.LOG_LEVEL }, logStream);
  // Traces only when a collector is named: the SDK is loaded then, before the app's server exists.
  const stopTracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import("./lib/otel.js")).startTracing("mailsmith")
    : undefined;

  const releaseLock = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database: Database = env.DATABASE_URL
    ? await openPostgres(
        env.DATABASE_URL,
        (err) => log.warn({ err }, "an idle database connection failed; it will be replaced"),
        { poolSize: env.DATABASE_POOL_SIZE },
      )
    : await openPglite(path.join(env.dataDir, "pgdata"));
  log.info({ database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.dataDir }, "database opened");
  // Several instances may start at once on one PostgreSQL: they migrate one after the other.
  await database.exclusive(() => database.migrate());

  const mail = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createOutboxMailer(database.db, log);
  if (mail.kind === "outbox") log.info("no SMTP_URL: outgoing mail is kept in the outbox (admin: /admin/outbox)");

  const ctx = createContext({
    env,
    database,
    mail,
    log,
    authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
  });
  await database.exclusive(() => seed(ctx, (line) => process.stdout.write(`${line}\n`)));

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(here, "../../web/dist");
  const app = await buildApp({ ctx, logger: log, webDist });
  await app.listen({ port: env.PORT, host: env.HOST });
  log.info(`Mailsmith is running at ${env.publicUrl}`);
  // Each kind of letter laid out once in the background, so the first sign-up's verification is not kept waiting.
  void ctx.letters.prepare(letterShapes(env.publicUrl));
  // `npm run backup` asks this process for a snapshot through a socket in the data folder.
  const closeBackupSocket = database.snapshot
    ? await serveBackupSocket({
        database,
        dataDir: env.dataDir,
        onBackup: (m, out, ms) => log.info({ out, files: m.files.length, ms }, "backup written"),
      })
    : async () => {};
  logStream.flush();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    try {
      // Fastify stops listening, answers 503 + Retry-After to requests on kept-alive connections and
      // waits for those in flight. One still open after the grace (a body that never comes; a generation followed as
      // NDJSON lasts as long as its job) is cut, so the features' onClose hooks (the generator hands its running jobs
      // back to the queue) and the database close run within the limit instead of being killed by it.
      const cutLingering = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await app.close();
      clearTimeout(cutLingering);
      await closeBackupSocket();
      await stopTracing?.().catch(() => {});
      await database.close();
      await releaseLock();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  if (err instanceof ConfigError || (err instanceof Error && err.message.startsWith("Another Mailsmith server"))) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(`Mailsmith failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.exit(1);
});
