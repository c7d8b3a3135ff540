import { spawnSync } from "node:child_process";
import path from "node:path";
import pino from "pino";
import { afterEach, expect, it, vi } from "vitest";
import { batchedLogStream } from "./batched-log-stream.js";

afterEach(() => {
  vi.useRealTimers();
});

function logger(opts?: { maxBytes?: number; maxDelayMs?: number }) {
  const writes: string[] = [];
  const stream = batchedLogStream({ write: (text: string) => writes.push(text) }, opts);
  const log = pino({ level: "info" }, stream);
  const lines = () =>
    writes
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l).msg as string);
  return { log, stream, writes, lines };
}

it("holds info lines and writes them as one batch a second after the first", () => {
  vi.useFakeTimers();
  const { log, writes, lines } = logger();
  log.info("one");
  log.info("two");
  expect(writes).toEqual([]);
  vi.advanceTimersByTime(999);
  expect(writes).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(writes).toHaveLength(1);
  expect(lines()).toEqual(["one", "two"]);
});

it("writes at once, after what it held, for a warning or an error", () => {
  vi.useFakeTimers();
  const { log, writes, lines } = logger();
  log.info("request completed");
  log.warn("database slow");
  expect(lines()).toEqual(["request completed", "database slow"]);
  log.info("next");
  log.error("boom");
  expect(writes).toHaveLength(2);
  expect(lines()).toEqual(["request completed", "database slow", "next", "boom"]);
});

it("writes when the batch is full, and on flush", () => {
  const { log, stream, writes, lines } = logger({ maxBytes: 300 });
  for (let i = 0; i < 5; i++) log.info(`line ${i}`);
  expect(writes.length).toBeGreaterThanOrEqual(1);
  stream.flush();
  expect(lines()).toEqual(["line 0", "line 1", "line 2", "line 3", "line 4"]);
  stream.flush();
  expect(lines()).toHaveLength(5);
});

it("writes what it holds when the process dies of an uncaught error", () => {
  const script = [
    `import pino from "pino";`,
    `import { batchedLogStream } from ${JSON.stringify(new URL("./batched-log-stream.ts", import.meta.url).pathname)};`,
    `const log = pino({ level: "info" }, batchedLogStream(pino.destination({ dest: 1, sync: true })));`,
    `log.info("held before the crash");`,
    `setImmediate(() => { throw new Error("crash"); });`,
  ].join("\n");
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    cwd: path.dirname(new URL(import.meta.url).pathname),
  });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain("crash");
  expect(run.stdout).toContain('"msg":"held before the crash"');
});
