import { createHash } from "node:crypto";
import { HEALTH_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import type { StillCurrent } from "../../lib/replayable.js";

/** Health pings the database at most once a second however often it is polled (a proxy, a load test). */
const HEALTH_PING_INTERVAL_MS = 1000;

export interface HealthAnswer {
  status: 200 | 503;
  body: string;
  etag: string;
}

/** The current health answer, serialised once per ping (the route sends the body as is, with its ETag). */
export function healthProbe(ctx: AppContext) {
  let last: { at: number; answer: HealthAnswer } | null = null;
  let pending: Promise<HealthAnswer> | null = null;
  async function ping(): Promise<HealthAnswer> {
    const database = ctx.database.kind;
    try {
      await ctx.database.ping();
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
    /** For a replayed answer (decision 091): true while it is the last ping's and that ping is under a second old. */
    stillCurrent(answer: HealthAnswer): StillCurrent {
      return () => last !== null && last.answer === answer && Date.now() - last.at < HEALTH_PING_INTERVAL_MS;
    },
  };
}
