import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The app's Prometheus metrics (decision 107): one registry per app (tests build several apps in one process), served
 * by GET /metrics. Features count through `ctx.metrics.<name>`; values read at scrape time (pool, queue, job states)
 * are gauges whose `collect` the owner sets with `onScrape`.
 */

/** Seconds: from a fast read (1 ms) to a slow page (10 s). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: model calls, renders, generations (up to the generation budget of minutes). */
const SLOW_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

/**
 * One label set's share of the request histogram: count, sum and bucket counts kept in plain numbers, so a request
 * costs an index search and three additions — no allocation (the replay's hot path observes into a
 * cell bound to its recording once).
 */
export class RequestCell {
  count = 0;
  sum = 0;
  readonly buckets: Float64Array;
  constructor(
    readonly method: string,
    readonly route: string,
    readonly status: string,
  ) {
    this.buckets = new Float64Array(REQUEST_BUCKETS.length);
  }

  /** One request that took `ms` milliseconds. */
  observe(ms: number): void {
    const seconds = ms / 1000;
    this.count++;
    this.sum += seconds;
    const buckets = this.buckets;
    for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
      if (seconds <= REQUEST_BUCKETS[i]!) {
        buckets[i]!++;
        return;
      }
    }
  }
}

/**
 * `mailsmith_http_request_duration_seconds{method,route,status}`: a Prometheus histogram whose cells are handed out
 * by `cell()`; the route is the route's pattern (never the raw URL), so the label sets stay bounded.
 */
export class RequestHistogram {
  readonly name = "mailsmith_http_request_duration_seconds";
  readonly help = "HTTP requests by route pattern and status (replayed answers included), in seconds";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly cells = new Map<string, RequestCell>();

  cell(method: string, route: string, status: number): RequestCell {
    const key = `${method} ${status} ${route}`;
    let cell = this.cells.get(key);
    if (cell === undefined) {
      cell = new RequestCell(method, route, String(status));
      this.cells.set(key, cell);
    }
    return cell;
  }

  /** prom-client's metric interface: the values as the registry formats them. */
  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const cell of this.cells.values()) {
      const labels = { method: cell.method, route: cell.route, status: cell.status };
      let running = 0;
      for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
        running += cell.buckets[i]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: REQUEST_BUCKETS[i]! },
          value: running,
        });
      }
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * `processMetrics`: also the process's CPU, memory, GC, handles and event-loop delay (nodejs_eventloop_lag_seconds,
 * nodejs_eventloop_lag_p99_seconds). Only for an app whose metrics are served: prom-client starts an event-loop
 * monitor and a GC observer per registry and offers no way to stop them (tests build hundreds of apps per process).
 */
export function createMetrics(opts: { processMetrics: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const http = new RequestHistogram();
  registry.registerMetric(http as never);
  const scrapers: (() => unknown)[] = [];
  const paypalCalls = new Histogram<"operation" | "outcome">({
    name: "mailsmith_paypal_call_duration_seconds",
    help: "PayPal API calls by operation (method and path, ids as :id) and outcome (ok, client_error, server_error, unreachable), in seconds",
    labelNames: ["operation", "outcome"],
    buckets: REQUEST_BUCKETS.concat([30]),
    registers,
  });
  const renders = new Histogram<"outcome">({
    name: "mailsmith_render_duration_seconds",
    help: "Email renders by outcome (ok, failed, unavailable), in seconds",
    labelNames: ["outcome"],
    buckets: SLOW_BUCKETS,
    registers,
  });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const periodicRuns = new Histogram<"job" | "outcome">({
    name: "mailsmith_periodic_job_duration_seconds",
    help: "Runs of the scheduler's periodic jobs (lib/scheduler.ts) by job and outcome (ok, failed), in seconds",
    labelNames: ["job", "outcome"],
    buckets: SLOW_BUCKETS,
    registers,
  });
  const periodicLastRun = gauge(
    "mailsmith_periodic_job_last_run_timestamp_seconds",
    "When each periodic job last ran on this instance (Unix time)",
    ["job"],
  );
  const periodicLastFailure = gauge(
    "mailsmith_periodic_job_last_failure_timestamp_seconds",
    "When each periodic job last failed on this instance (Unix time)",
    ["job"],
  );
  return {
    registry,
    http,
    /** `fn` sets gauges read at scrape time (pool, queue, job states); a failing one leaves its gauges as they were. */
    onScrape(fn: () => unknown): void {
      scrapers.push(fn);
    },
    /** The Prometheus text of every metric, gauges read now. */
    async scrape(): Promise<string> {
      await Promise.allSettled(scrapers.map(async (fn) => fn()));
      return registry.metrics();
    },
    generationJobs: gauge("mailsmith_generation_jobs", "Generation jobs waiting or running now, by state", ["state"]),
    generationDuration: new Histogram<"outcome">({
      name: "mailsmith_generation_duration_seconds",
      help: "Generation jobs from claim to end, by outcome (succeeded, failed:<code>, stopped)",
      labelNames: ["outcome"],
      buckets: SLOW_BUCKETS,
      registers,
    }),
    modelCalls: new Histogram<"provider" | "model" | "outcome">({
      name: "mailsmith_model_call_duration_seconds",
      help: "Model calls by provider, model and outcome (ok, rate_limited, refused, model_not_found, unreachable, error, blocked, stream_error), in seconds",
      labelNames: ["provider", "model", "outcome"],
      buckets: SLOW_BUCKETS,
      registers,
    }),
    renderQueue: gauge("mailsmith_renderer_queue", "Renders waiting for a browser page now"),
    renderActive: gauge("mailsmith_renderer_active", "Renders in progress now"),
    renders,
    /** The renderer's `onRender`. */
    render: (outcome: string, seconds: number) => renders.observe({ outcome }, seconds),
    designReads: new Histogram<"outcome">({
      name: "mailsmith_design_reader_seconds",
      help: "Design readings (the local design reader, decision 120) by outcome (ok, refused, busy, timeout, cancelled, failed), in seconds",
      labelNames: ["outcome"],
      buckets: SLOW_BUCKETS,
      registers,
    }),
    emailChecks: new Histogram<"outcome">({
      name: "mailsmith_email_check_duration_seconds",
      help: "Check my email (POST /api/email-check: post-processing, renders, report) by outcome (ok, refused, error), in seconds",
      labelNames: ["outcome"],
      buckets: SLOW_BUCKETS,
      registers,
    }),
    paypalCalls,
    /** The scheduler's `onRun`: duration and outcome per job, and when it last ran and last failed. */
    periodicJobRun: (run: { name: string; outcome: "ok" | "failed"; seconds: number; at: Date }) => {
      periodicRuns.observe({ job: run.name, outcome: run.outcome }, run.seconds);
      periodicLastRun.set({ job: run.name }, run.at.getTime() / 1000);
      if (run.outcome === "failed") periodicLastFailure.set({ job: run.name }, run.at.getTime() / 1000);
    },
    /** The PayPal client's `onCall`. */
    paypalCall: (operation: string, outcome: string, seconds: number) =>
      paypalCalls.observe({ operation, outcome }, seconds),
    dbPool: gauge("mailsmith_db_pool_connections", "PostgreSQL pool connections by state (total, idle, waiting)", [
      "state",
    ]),
    redisUp: gauge("mailsmith_redis_up", "1 when Redis answered a PING at scrape time, 0 when not"),
    redisPing: gauge("mailsmith_redis_ping_seconds", "Time Redis took to answer the scrape's PING"),
    sweepRuns: new Counter<"outcome">({
      name: "mailsmith_storage_sweep_runs_total",
      help: "Storage sweep runs by outcome (ok, failed)",
      labelNames: ["outcome"],
      registers,
    }),
    sweepDeleted: new Counter({
      name: "mailsmith_storage_sweep_deleted_total",
      help: "Stored files the storage sweep deleted",
      registers,
    }),
    sweepDeletedBytes: new Counter({
      name: "mailsmith_storage_sweep_deleted_bytes_total",
      help: "Bytes the storage sweep deleted",
      registers,
    }),
    sweepFailed: new Counter({
      name: "mailsmith_storage_sweep_failed_total",
      help: "Stored files the storage sweep failed to delete",
      registers,
    }),
    sweepDuration: new Histogram({
      name: "mailsmith_storage_sweep_duration_seconds",
      help: "Storage sweep runs, in seconds",
      buckets: SLOW_BUCKETS,
      registers,
    }),
  };
}

/** Seconds since `started` (a `performance.now()` reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
