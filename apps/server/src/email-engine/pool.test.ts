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

  it("an email that would hold a worker for minutes is ended at the limit; the next email is processed", async () => {
    // juice's inlining costs rules × elements: 2 000 rules over 2 000 paragraphs (80 KB) took 52 s at load 20; this
    // one (5 000 × 5 000, 200 KB, under every bound) takes minutes. The limit is far below that on any machine.
    const rules = Array.from({ length: 5_000 }, (_, i) => `.c${i} td p{color:red}`).join("");
    const slow = `<style>${rules}</style>${'<p class="c1">x</p>'.repeat(5_000)}`;
    const limited = createEmailProcessor(() => {}, [], { timeLimitMs: 15_000 });
    try {
      // The first task also starts the worker (seconds through tsx): wait until one has run.
      await expect
        .poll(
          () =>
            limited.run({ html: "<p>warm</p>", source: "existing" }).then(
              () => true,
              () => false,
            ),
          {
            timeout: 110_000,
          },
        )
        .toBe(true);
      const err = await limited.run({ html: slow, source: "existing" }).catch((e) => e);
      expect(err).toMatchObject({ status: 503, code: "EMAIL_ENGINE_TIMEOUT" });
      expect((await limited.run({ html: "<p>after</p>", source: "existing" })).html).toContain("after");
    } finally {
      await limited.close();
    }
  }, 300_000);
});
