/**
 * The one scheduler for periodic work (storage sweep, purge, model discovery, data exports, the generation worker's
 * poll, refunds of stale generations). Each job is declared once, in `composition/periodic-jobs.ts`, with its interval,
 * its single-instance claim and its work; the scheduler owns the timers, never lets a job overlap itself, stops them
 * all with the app, and keeps what the last runs did for /metrics and Admin → System status.
 *
 * A run that is asked for while one is going (a timer, or `kick` after a member started an export) is held and runs
 * once more right after, so no request is lost and no two runs of one job share the database.
 */

export interface PeriodicJob {
  /** Stable id, kebab-case: the metrics label and the System status line. */
  name: string;
  /** Milliseconds between the end of one run and the start of the next; 0 or less: never on this instance. */
  everyMs: number;
  /** Run once as soon as the scheduler starts (else the first run waits one interval). */
  runAtStart?: boolean;
  /**
   * Of several instances, is this one to do this run? (An app_meta mark, an advisory lock…) Answering false skips the
   * run without counting it. Left out: every instance runs it, and the work claims its own rows (FOR UPDATE SKIP
   * LOCKED, a per-row lease).
   */
  claim?: (now: Date) => Promise<boolean>;
  /** The work. `signal` aborts when the app stops: a long run ends at its next safe point. */
  run(signal: AbortSignal): Promise<void>;
}

export interface PeriodicJobState {
  name: string;
  everyMs: number;
  /** When the last run (that this instance claimed) started; null: none yet. */
  lastRunAt: Date | null;
  lastDurationMs: number | null;
  /** When the next timer fires; null: stopped, or the job is off on this instance. */
  nextRunAt: Date | null;
  /** The first line of the last failure, kept until a later run succeeds. */
  lastError: string | null;
  lastErrorAt: Date | null;
  running: boolean;
  runs: number;
  failures: number;
}

export interface SchedulerOptions {
  /** Told after every run this instance did (for metrics). */
  onRun?: (run: { name: string; outcome: "ok" | "failed"; seconds: number; at: Date }) => void;
  /** Told about a failed run (for the log). */
  onError?: (name: string, err: unknown) => void;
  now?: () => Date;
}

interface Entry {
  job: PeriodicJob;
  state: PeriodicJobState;
  timer: NodeJS.Timeout | undefined;
  current: Promise<void> | undefined;
  again: boolean;
}

const firstLine = (err: unknown) =>
  ((err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "").slice(0, 300);

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly controller = new AbortController();
  private started = false;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly opts: SchedulerOptions = {}) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Declares jobs (before or after start); a name may be declared once. */
  add(...jobs: PeriodicJob[]) {
    for (const job of jobs) {
      if (this.entries.has(job.name)) throw new Error(`periodic job ${job.name} is declared twice`);
      const state: PeriodicJobState = {
        name: job.name,
        everyMs: job.everyMs,
        lastRunAt: null,
        lastDurationMs: null,
        nextRunAt: null,
        lastError: null,
        lastErrorAt: null,
        running: false,
        runs: 0,
        failures: 0,
      };
      const entry: Entry = { job, state, timer: undefined, current: undefined, again: false };
      this.entries.set(job.name, entry);
      if (this.started && !this.stopped) this.begin(entry);
    }
  }

  /** Whether any job is declared (a second app built on the same context leaves them to the first). */
  hasJobs(): boolean {
    return this.entries.size > 0;
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const entry of this.entries.values()) this.begin(entry);
  }

  /**
   * Runs a job now (or right after the run in progress); resolves when that run is over. A job that is off on this
   * instance, or a stopped scheduler, does nothing.
   */
  kick(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry || !this.started || this.stopped || entry.job.everyMs <= 0) return Promise.resolve();
    if (entry.current) {
      entry.again = true;
      return entry.current;
    }
    return this.fire(entry);
  }

  /** Stops every timer, aborts the runs' signal and waits for the runs in progress to end. */
  async stop() {
    this.stopped = true;
    this.controller.abort();
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.state.nextRunAt = null;
    }
    await Promise.allSettled([...this.entries.values()].map((e) => e.current));
  }

  /** What each job did last, in the order declared (copies). */
  states(): PeriodicJobState[] {
    return [...this.entries.values()].map((e) => ({ ...e.state }));
  }

  private begin(entry: Entry) {
    if (entry.job.everyMs <= 0) return;
    if (entry.job.runAtStart) void this.fire(entry);
    else this.arm(entry);
  }

  private arm(entry: Entry) {
    if (this.stopped) return;
    clearTimeout(entry.timer);
    entry.state.nextRunAt = new Date(this.now().getTime() + entry.job.everyMs);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.kick(entry.job.name);
    }, entry.job.everyMs);
    entry.timer.unref();
  }

  private fire(entry: Entry): Promise<void> {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.state.nextRunAt = null;
    entry.current = this.runOnce(entry).finally(() => {
      entry.current = undefined;
      if (this.stopped) return;
      if (entry.again) {
        entry.again = false;
        void this.fire(entry);
      } else this.arm(entry);
    });
    return entry.current;
  }

  private async runOnce(entry: Entry) {
    const { job, state } = entry;
    const at = this.now();
    try {
      if (job.claim && !(await job.claim(at))) return;
    } catch (err) {
      this.failed(entry, at, 0, err);
      return;
    }
    state.running = true;
    state.lastRunAt = at;
    const started = performance.now();
    try {
      await job.run(this.controller.signal);
      const ms = performance.now() - started;
      state.runs += 1;
      state.lastDurationMs = Math.round(ms);
      state.lastError = null;
      state.lastErrorAt = null;
      this.opts.onRun?.({ name: job.name, outcome: "ok", seconds: ms / 1000, at });
    } catch (err) {
      this.failed(entry, at, performance.now() - started, err);
    } finally {
      state.running = false;
    }
  }

  private failed(entry: Entry, at: Date, ms: number, err: unknown) {
    const { state, job } = entry;
    state.runs += 1;
    state.failures += 1;
    state.lastRunAt = at;
    state.lastDurationMs = Math.round(ms);
    state.lastError = firstLine(err);
    state.lastErrorAt = at;
    this.opts.onRun?.({ name: job.name, outcome: "failed", seconds: ms / 1000, at });
    this.opts.onError?.(job.name, err);
  }
}
