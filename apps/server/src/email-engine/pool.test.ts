import { EMAIL_ENGINE_MESSAGES } from "@mailsmith/shared";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/app-error.js";
import { createEmailProcessor } from "./pool.js";
import { EMAIL_BOUNDS } from "./sanitizer/bounds.js";

/** The real worker pool (worker.ts through tsx): errors cross the thread boundary as plain Errors. */
const pool = createEmailProcessor();
afterAll(() => pool.close());

describe("the email engine's worker pool answers 4xx/503 for what an email costs, never a bare error (issue 35 item 3)", () => {
  it("an email over a bound is a 400 or 413 AppError with the shared message", async () => {
    const deep = await pool
      .run({ html: "<div>".repeat(EMAIL_BOUNDS.maxDepth + 10), source: "existing" })
      .catch((e) => e);
    expect(deep).toBeInstanceOf(AppError);
    expect(deep).toMatchObject({
      status: 400,
      code: "EMAIL_TOO_DEEP",
      message: EMAIL_ENGINE_MESSAGES.tooDeep(EMAIL_BOUNDS.maxDepth),
    });
    const many = await pool.run({ html: "<div>".repeat(100_000), source: "existing" }).catch((e) => e);
    expect(many).toMatchObject({ status: 413, code: "EMAIL_TOO_MANY_ELEMENTS" });
    // A worker thread imports the whole engine through tsx first: seconds on a busy machine (a hang limit only).
  }, 120_000);

  it("a task past the time limit ends with a 503 and a message (the worker is ended, the pool goes on)", async () => {
    // 1 ms: no worker starts, let alone processes an email, that fast; the limit is the same code path as 30 s.
    const hurried = createEmailProcessor(() => {}, [], { timeLimitMs: 1 });
    try {
      const err = await hurried.run({ html: "<p>Hello</p>", source: "existing" }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, code: "EMAIL_ENGINE_TIMEOUT", message: EMAIL_ENGINE_MESSAGES.tooSlow });
    } finally {
      await hurried.close();
    }
    const ok = await pool.run({ html: "<p>Hello</p>", source: "existing" });
    expect(ok.html).toContain("Hello");
  }, 120_000);
});
