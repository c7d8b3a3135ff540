import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { errorLine, type ProbeResult, type StatusProbe } from "../../core/status-probes.js";
import { appliedMigrationCount, migrationsFolder, rowsOf } from "../../db/client.js";

/** The checks of the services every instance uses (the features add Gemini and PayPal: composition/status-probes). */
export function platformProbes(ctx: AppContext): StatusProbe[] {
  return [
    { id: "database", name: "Database", run: () => databaseProbe(ctx) },
    { id: "redis", name: "Redis", run: () => redisProbe(ctx) },
    { id: "mail", name: "Mail (SMTP)", run: () => mailProbe(ctx) },
    { id: "storage", name: "File storage", run: () => storageProbe(ctx) },
    { id: "renderer", name: "Email renderer", run: () => rendererProbe(ctx) },
  ];
}

/** Committed migrations (the journal beside the bundle). */
function committedMigrations(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

async function databaseProbe(ctx: AppContext): Promise<ProbeResult> {
  const version =
    rowsOf<{ server_version: string }>(await ctx.db.execute(sql`show server_version`))[0]?.server_version ?? "?";
  const applied = await appliedMigrationCount(ctx.db);
  const committed = committedMigrations().length;
  const kind = ctx.database.kind === "pglite" ? "embedded PGlite" : "PostgreSQL";
  const major = Number.parseInt(version, 10);
  if (applied < committed) {
    return {
      state: "fail",
      summary: `${kind} ${version}: ${applied} of ${committed} migrations applied`,
      fix: "Restart one instance: migrations are applied at start-up (npm start, or the container's start command).",
    };
  }
  if (ctx.database.kind === "postgres" && major < 15) {
    return {
      state: "fail",
      summary: `PostgreSQL ${version}: older than 15`,
      fix: "Upgrade the server to PostgreSQL 15 or newer.",
    };
  }
  return { state: "ok", summary: `${kind} ${version}, all ${committed} migrations applied` };
}

async function redisProbe(ctx: AppContext): Promise<ProbeResult> {
  if (!ctx.redis) {
    return {
      state: "off",
      summary: "REDIS_URL is not set: rate limits are counted in this instance's memory",
      fix: "Set REDIS_URL when you run more than one instance, so limits are shared (docs/deploy.md).",
    };
  }
  try {
    const pong = await ctx.redis.ping();
    const info = await ctx.redis.info("server");
    const version = /redis_version:(\S+)/.exec(info)?.[1] ?? "?";
    return { state: pong === "PONG" ? "ok" : "warn", summary: `Redis ${version} answered ${pong}` };
  } catch (err) {
    return {
      state: "fail",
      summary: `Redis did not answer: ${errorLine(err)}`,
      fix: "Check REDIS_URL (host, port, password) and that the Redis server is running and reachable.",
    };
  }
}

async function mailProbe(ctx: AppContext): Promise<ProbeResult> {
  if (ctx.mail.kind === "outbox" || !ctx.mail.verify) {
    return {
      state: ctx.env.NODE_ENV === "production" ? "warn" : "off",
      summary: "SMTP_URL is not set: no mail leaves the server (it is kept in the outbox, Admin → Outbox)",
      fix: "Set SMTP_URL (smtp://user:password@host:587) and MAIL_FROM on your own domain (docs/deploy.md).",
    };
  }
  try {
    await ctx.mail.verify();
    return { state: "ok", summary: `SMTP server accepted the connection and sign-in; sender ${ctx.env.MAIL_FROM}` };
  } catch (err) {
    return {
      state: "fail",
      summary: `SMTP: ${errorLine(err)}`,
      fix: "Check SMTP_URL: host and port (587 with STARTTLS, 465 with smtps://), user and password, and that this machine may connect out to it.",
    };
  }
}

/** Writes, reads back and deletes a probe object: the real path of every upload. */
async function storageProbe(ctx: AppContext): Promise<ProbeResult> {
  const where = ctx.storage.kind === "s3" ? `bucket ${ctx.env.S3_BUCKET}` : "the uploads folder under DATA_DIR";
  const fix =
    ctx.storage.kind === "s3"
      ? "Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access key's rights (put, get, delete); for S3-compatible services that refuse checksums set S3_CHECKSUMS=when_required."
      : "Make DATA_DIR/uploads writable by the server's user (in a container: the volume's owner).";
  const key = `probe/${randomUUID()}.png`;
  const body = Buffer.from(`mailsmith storage probe ${key}`);
  try {
    await ctx.storage.put({ key, body, contentType: "image/png" });
  } catch (err) {
    return { state: "fail", summary: `Could not write to ${where}: ${errorLine(err)}`, fix };
  }
  try {
    if (ctx.storage.read) {
      const back = await ctx.storage.read(key);
      if (!back?.body.equals(body)) {
        return { state: "fail", summary: `Wrote to ${where} but read back something else`, fix };
      }
    }
  } catch (err) {
    return { state: "fail", summary: `Wrote to ${where} but could not read it back: ${errorLine(err)}`, fix };
  } finally {
    await ctx.storage.delete(key).catch(() => undefined);
  }
  return { state: "ok", summary: `Wrote, read back and deleted a probe file in ${where}` };
}

async function rendererProbe(ctx: AppContext): Promise<ProbeResult> {
  if (ctx.env.RENDERER === "off") {
    return {
      state: "off",
      summary: "RENDERER=off: emails are not rendered (no previews, no rendered checks, no fidelity score)",
      fix: "Unset RENDERER (or set it to on) to render emails with the headless Chromium shipped in the npm package.",
    };
  }
  try {
    const started = performance.now();
    const result = await ctx.renderer.render({ html: "<p>Mailsmith renderer probe</p>", width: 375 });
    const ms = Math.round(performance.now() - started);
    if (!result.text.includes("renderer probe")) {
      return { state: "fail", summary: "The browser rendered an empty page", fix: "Restart the instance." };
    }
    return { state: "ok", summary: `Headless Chromium rendered a test email in ${ms} ms` };
  } catch (err) {
    return {
      state: "fail",
      summary: `The headless browser could not render: ${errorLine(err)}`,
      fix: "Check that the @sparticuz/chromium package installed completely, or set RENDERER_CHROMIUM_PATH to a working Chromium.",
    };
  }
}
