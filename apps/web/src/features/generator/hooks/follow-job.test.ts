import { GENERATOR_LIMITS, type TGenerationJob, type TTemplateFull } from "@mailsmith/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RunChanges, streamEventHandler } from "./follow-job";

const job = (over: Partial<TGenerationJob> = {}) => ({ _id: "j1", status: "running", ...over }) as TGenerationJob;

function recorder() {
  const seen: string[] = [];
  const changes: RunChanges = {
    preview: (html) => seen.push(`preview:${html}`),
    job: (j, preview) => seen.push(`job:${j.status}:${preview}`),
    ended: (e) => seen.push(`ended:${e.type}:${e.balance}`),
  };
  return { seen, on: streamEventHandler(changes) };
}

describe("streamEventHandler (what the Generator shows while a job streams)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the written HTML at most once per throttle period, all of it", () => {
    const { seen, on } = recorder();
    on({ type: "html", delta: "<p>a" });
    on({ type: "html", delta: "b</p>" });
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(GENERATOR_LIMITS.previewThrottleMs);
    expect(seen).toEqual(["preview:<p>ab</p>"]);
  });

  it("a stage change carries the job's own preview when it has one (a re-attached stream starts from it)", () => {
    const { seen, on } = recorder();
    on({ type: "html", delta: "<p>lost" });
    on({ type: "job", job: job({ preview: "<p>stored</p>" }) });
    expect(seen).toEqual(["job:running:<p>stored</p>"]);
  });

  it("the end cancels a pending preview and reports the balance", () => {
    const { seen, on } = recorder();
    on({ type: "html", delta: "<p>half" });
    const template = { html: "<p>done</p>" } as TTemplateFull;
    on({ type: "done", job: job({ status: "succeeded" }), template, balance: 4, message: "ok" });
    vi.advanceTimersByTime(GENERATOR_LIMITS.previewThrottleMs * 2);
    expect(seen).toEqual(["ended:done:4"]);
  });
});
