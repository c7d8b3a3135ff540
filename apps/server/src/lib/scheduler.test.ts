import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PeriodicJob, Scheduler } from "./scheduler.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("Scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-29T04:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a job every interval after the previous run, and says when the next one is due", async () => {
    const run = vi.fn(async () => {});
    const scheduler = new Scheduler();
    scheduler.add({ name: "sweep", everyMs: 60_000, run });
    scheduler.start();
    expect(run).not.toHaveBeenCalled();
    expect(scheduler.states()[0]?.nextRunAt?.toISOString()).toBe("2026-11-29T04:01:00.000Z");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    const [state] = scheduler.states();
    expect(state).toMatchObject({ name: "sweep", runs: 2, failures: 0, lastError: null, running: false });
    expect(state?.lastRunAt?.toISOString()).toBe("2026-11-29T04:02:00.000Z");
    expect(state?.nextRunAt?.toISOString()).toBe("2026-11-29T04:03:00.000Z");
    await scheduler.stop();
  });

  it("runs at start when asked, and never on an instance where the interval is 0", async () => {
    const atStart = vi.fn(async () => {});
    const off = vi.fn(async () => {});
    const scheduler = new Scheduler();
    scheduler.add({ name: "a", everyMs: 1000, runAtStart: true, run: atStart }, { name: "b", everyMs: 0, run: off });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(atStart).toHaveBeenCalledTimes(1);
    await scheduler.kick("b");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(off).not.toHaveBeenCalled();
    expect(scheduler.states()[1]?.nextRunAt).toBeNull();
    await scheduler.stop();
  });

  it("never overlaps a job with itself: a run asked for during one runs once, right after it", async () => {
    let active = 0;
    let most = 0;
    const gates = [deferred(), deferred()];
    let calls = 0;
    const job: PeriodicJob = {
      name: "export",
      everyMs: 1000,
      async run() {
        const gate = gates[calls++];
        active += 1;
        most = Math.max(most, active);
        await gate?.promise;
        active -= 1;
      },
    };
    const scheduler = new Scheduler();
    scheduler.add(job);
    scheduler.start();
    const first = scheduler.kick("export");
    await vi.advanceTimersByTimeAsync(5000);
    void scheduler.kick("export");
    void scheduler.kick("export");
    expect(calls).toBe(1);
    gates[0]?.resolve();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    gates[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(most).toBe(1);
    expect(scheduler.states()[0]?.runs).toBe(2);
    await scheduler.stop();
  });

  it("stop ends the timers, aborts the run's signal and waits for it", async () => {
    const gate = deferred();
    let signal: AbortSignal | undefined;
    let finished = false;
    const scheduler = new Scheduler();
    scheduler.add({
      name: "purge",
      everyMs: 1000,
      runAtStart: true,
      async run(s) {
        signal = s;
        await gate.promise;
        finished = true;
      },
    });
    const later = vi.fn(async () => {});
    scheduler.add({ name: "later", everyMs: 1000, run: later });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopping = scheduler.stop();
    expect(signal?.aborted).toBe(true);
    let stopped = false;
    void stopping.then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(later).not.toHaveBeenCalled();
    expect(scheduler.states().every((s) => s.nextRunAt === null)).toBe(true);
  });

  it("records a failure (first line, time, metrics outcome) and clears it after a run that works", async () => {
    const runs: string[] = [];
    let fail = true;
    const errors: string[] = [];
    const scheduler = new Scheduler({
      onRun: (r) => runs.push(`${r.name}:${r.outcome}`),
      onError: (name) => errors.push(name),
    });
    scheduler.add({
      name: "discovery",
      everyMs: 1000,
      async run() {
        if (fail) throw new Error("Google did not answer\n    at stack");
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(scheduler.states()[0]).toMatchObject({ runs: 1, failures: 1, lastError: "Google did not answer" });
    expect(scheduler.states()[0]?.lastErrorAt?.toISOString()).toBe("2026-11-29T04:00:01.000Z");
    expect(errors).toEqual(["discovery"]);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(scheduler.states()[0]).toMatchObject({ runs: 2, failures: 1, lastError: null });
    expect(runs).toEqual(["discovery:failed", "discovery:ok"]);
    await scheduler.stop();
  });

  it("skips a run another instance claimed, without counting it", async () => {
    const run = vi.fn(async () => {});
    const scheduler = new Scheduler();
    scheduler.add({ name: "sweep", everyMs: 1000, claim: async () => false, run });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).not.toHaveBeenCalled();
    expect(scheduler.states()[0]).toMatchObject({ runs: 0, lastRunAt: null });
    expect(scheduler.states()[0]?.nextRunAt).not.toBeNull();
    await scheduler.stop();
  });

  it("refuses a job declared twice", () => {
    const scheduler = new Scheduler();
    scheduler.add({ name: "x", everyMs: 1, run: async () => {} });
    expect(() => scheduler.add({ name: "x", everyMs: 1, run: async () => {} })).toThrow(/declared twice/);
  });
});
