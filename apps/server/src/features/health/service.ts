import { createHash, randomUUID } from "node:crypto";
import { HEALTH_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import type { StillCurrent } from "../../lib/replayable.js";

/** Health pings the database at most once a second however often it is polled (a proxy, a load test). */
const HEALTH_PING_INTERVAL_MS = 1000;
/**
 * Storage is written (a probe object put, then deleted) at most once a minute, and again after 10 s while it fails:
 * a volume the server's user cannot write makes every upload fail while reads still work.
 */
const STORAGE_CHECK_INTERVAL_MS = 60_000;
const STORAGE_RECHECK_FAILING_MS = 10_000;

export interface HealthAnswer {
  status: 200 | 503;
  body: string;
  etag: string;
}

/** The current health answer, serialised once per ping (the route sends the body as is, with its ETag). */
export function healthProbe(ctx: AppContext) {
  let last: { at: number; answer: HealthAnswer } | null = null;
  let pending: Promise<HealthAnswer> | null = null;
  let storage: { at: number; writable: boolean } | null = null;
  const probeKey = `probe/health-${randomUUID()}.png`;
  async function storageWritable(): Promise<boolean> {
    const age = storage ? Date.now() - storage.at : Number.POSITIVE_INFINITY;
    if (storage && age < (storage.writable ? STORAGE_CHECK_INTERVAL_MS : STORAGE_RECHECK_FAILING_MS)) {
      return storage.writable;
    }
    let writable = true;
    try {
      await ctx.storage.put({ key: probeKey, body: Buffer.from("health"), contentType: "image/png" });
      await ctx.storage.delete(probeKey);
    } catch (err) {
      ctx.log.error({ err }, "health check: file storage cannot be written");
      writable = false;
    }
    storage = { at: Date.now(), writable };
    return writable;
  }
  async function ping(): Promise<HealthAnswer> {
    const database = ctx.database.kind;
    try {
      await ctx.database.ping();
      if (!(await storageWritable())) {
        const body = JSON.stringify({
          status: "error",
          database,
          storage: "unwritable",
          message: HEALTH_MESSAGES.storageUnwritable,
        });
        return { status: 503, body, etag: '"storage-down"' };
      }
      const body = JSON.stringify({ status: "ok", database, renderer: ctx.renderer.status() });
      return { status: 200, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    } catch (err) {
      ctx.log.error({ err }, "health check: database unreachable");
      const body = JSON.stringify({ status: "error", database, message: HEALTH_MESSAGES.databaseUnreachable });
      return { status: 503, body, etag: '"down"' };
    }
  }
  return {
    /** The last answer at once while it is under a second old (no promise); else a promise of a fresh ping. */
    current(): HealthAnswer | Promise<HealthAnswer> {
      if (last && Date.now() - last.at < HEALTH_PING_INTERVAL_MS) return last.answer;
      pending ??= ping()
        .then((answer) => {
          last = { at: Date.now(), answer };
          return answer;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    /** For a replayed answer: true while it is the last ping's and that ping is under a second old. */
    stillCurrent(answer: HealthAnswer): StillCurrent {
      return () => last !== null && last.answer === answer && Date.now() - last.at < HEALTH_PING_INTERVAL_MS;
    },
  };
}
