/**
 * npm run doctor: the checks of Admin → System status from a clone, without starting the server (decision 099).
 * Reads the same environment as `npm start`, opens the database without migrating or seeding, runs every probe and
 * prints one line each; exits 1 when a check fails (or the configuration is invalid), so a deploy script can use it.
 */
import path from "node:path";
import { SYSTEM_STATUS_TEXTS, type TSystemCheck } from "@mailsmith/shared";
import pino from "pino";
import { createOutboxMailer, createSmtpMailer } from "./adapters/mail/mailer.js";
import { statusProbes } from "./composition/status-probes.js";
import { createContext } from "./context.js";
import { runProbes } from "./core/status-probes.js";
import { type Database, openPglite, openPostgres } from "./db/client.js";
import { ConfigError, loadEnv } from "./env.js";
import { resolveAuthSecret } from "./lib/auth-secret.js";
import { lockDataDir } from "./lib/data-dir-lock.js";

const MARK: Record<TSystemCheck["state"], string> = { ok: "✓", warn: "!", fail: "✗", off: "–" };

export function formatCheck(check: TSystemCheck): string {
  const head = `${MARK[check.state]} ${check.name.padEnd(16)} ${SYSTEM_STATUS_TEXTS.states[check.state].padEnd(14)} ${check.summary}`;
  return check.fix ? `${head}\n${" ".repeat(34)}→ ${check.fix}` : head;
}

async function main(): Promise<number> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stdout.write(`✗ Configuration    Failing        ${err.message.replace(/\n/g, `\n${" ".repeat(34)}`)}\n`);
      return 1;
    }
    throw err;
  }
  const log = pino({ level: "silent" });
  let releaseLock = async () => {};
  if (!env.DATABASE_URL) {
    try {
      releaseLock = await lockDataDir(env.dataDir);
    } catch (err) {
      process.stdout.write(
        `– Database         In use         ${(err as Error).message}\n${" ".repeat(34)}→ While the server runs, open Admin → System status instead (the same checks).\n`,
      );
      return 1;
    }
  }
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, () => {}, { poolSize: 2 })
      : await openPglite(path.join(env.dataDir, "pgdata"));
    const mail = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createOutboxMailer(database.db, log);
    const ctx = createContext({
      env,
      database,
      mail,
      log,
      authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
    });
    try {
      const checks = await runProbes(statusProbes(ctx));
      process.stdout.write(`Mailsmith doctor — ${env.NODE_ENV}, public address ${env.publicUrl}\n\n`);
      for (const check of checks) process.stdout.write(`${formatCheck(check)}\n`);
      const failing = checks.filter((c) => c.state === "fail").length;
      process.stdout.write(`\n${failing === 0 ? "Nothing is failing." : `${failing} check(s) failing.`}\n`);
      return failing === 0 ? 0 : 1;
    } finally {
      await Promise.allSettled([ctx.renderer.close(), ctx.emailEngine.close(), ctx.bus.close(), ctx.redis?.quit()]);
    }
  } catch (err) {
    process.stdout.write(
      `✗ Database         Failing        ${(err as Error).message.split("\n")[0]}\n${" ".repeat(34)}→ Check DATABASE_URL (or DATA_DIR for the embedded database).\n`,
    );
    return 1;
  } finally {
    await database?.close().catch(() => {});
    await releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`doctor failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
