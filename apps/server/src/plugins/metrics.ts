import { timingSafeEqual } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { generationJobs } from "../db/schema/index.js";
import { AppError, notFound } from "../lib/app-error.js";

/** How long the scrape waits for Redis's PING before reporting it down. */
const REDIS_PING_MS = 1000;

/** Check my email's route: its own histogram, with buckets up to minutes (a check renders the email 4 times). */
const EMAIL_CHECK_ROUTE = "/api/email-check";

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined || !header.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Metrics: every request answered by Fastify is counted by its route's pattern and status (replayed
 * answers are counted by the replay itself); gauges are read at scrape time; GET /metrics serves the Prometheus text
 * to `Authorization: Bearer $METRICS_TOKEN` only (401 otherwise; 404 when METRICS_TOKEN is unset).
 */
export function registerMetrics(app: FastifyInstance): void {
  const { ctx } = app;
  const { metrics } = ctx;
  app.addHook("onResponse", (req, reply, done) => {
    const route = req.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    metrics.http.cell(req.method, route, status).observe(reply.elapsedTime);
    if (route === EMAIL_CHECK_ROUTE && req.method === "POST") {
      const outcome = status >= 500 ? "error" : status >= 400 ? "refused" : "ok";
      metrics.emailChecks.observe({ outcome }, reply.elapsedTime / 1000);
    }
    done();
  });

  metrics.onScrape(async () => {
    const rows = await ctx.db
      .select({ state: generationJobs.status, n: sql<number>`count(*)::int` })
      .from(generationJobs)
      .where(inArray(generationJobs.status, ["queued", "running"]))
      .groupBy(generationJobs.status);
    metrics.generationJobs.set({ state: "queued" }, 0);
    metrics.generationJobs.set({ state: "running" }, 0);
    for (const row of rows) metrics.generationJobs.set({ state: row.state }, Number(row.n));
  });
  metrics.onScrape(() => {
    const load = ctx.renderer.load?.();
    metrics.renderQueue.set(load?.waiting ?? 0);
    metrics.renderActive.set(load?.active ?? 0);
  });
  const pool = ctx.database.poolStats;
  if (pool) {
    metrics.onScrape(() => {
      const stats = pool();
      metrics.dbPool.set({ state: "total" }, stats.total);
      metrics.dbPool.set({ state: "idle" }, stats.idle);
      metrics.dbPool.set({ state: "waiting" }, stats.waiting);
    });
  }
  const redis = ctx.redis;
  if (redis) {
    metrics.onScrape(async () => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const up = await Promise.race([
        redis.ping().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), REDIS_PING_MS);
        }),
      ]);
      clearTimeout(timer);
      metrics.redisUp.set(up ? 1 : 0);
      if (up) metrics.redisPing.set((performance.now() - started) / 1000);
    });
  }

  app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (req, reply) => {
    const token = ctx.env.METRICS_TOKEN;
    if (!token) throw notFound("No route for GET /metrics");
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", "Send Authorization: Bearer <METRICS_TOKEN>.", 401);
    }
    const text = await metrics.scrape();
    return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
  });
}
