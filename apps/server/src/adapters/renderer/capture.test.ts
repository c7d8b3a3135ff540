import { describe, expect, it } from "vitest";
import { captureScreenshot } from "./capture.js";

/** A page whose screenshot answers with the given outcomes in turn. */
function pageAnswering(...outcomes: (Buffer | Error)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    screenshot: async () => {
      const next = outcomes[calls++];
      if (next instanceof Error) throw next;
      return next!;
    },
  };
}

const refused = () =>
  new Error("page.screenshot: Protocol error (Page.captureScreenshot): Unable to capture screenshot");

describe("captureScreenshot", () => {
  it("asks again once when Chromium refuses the capture, and returns the picture it then takes", async () => {
    const page = pageAnswering(refused(), Buffer.from("png"));
    await expect(captureScreenshot(page, { type: "png" })).resolves.toEqual(Buffer.from("png"));
    expect(page.calls).toBe(2);
  });

  it("passes on any other error at once, and a second refusal", async () => {
    const closed = pageAnswering(new Error("Target page, context or browser has been closed"), Buffer.from("png"));
    await expect(captureScreenshot(closed, { type: "png" })).rejects.toThrow(/has been closed/);
    expect(closed.calls).toBe(1);
    const twice = pageAnswering(refused(), refused(), Buffer.from("png"));
    await expect(captureScreenshot(twice, { type: "png" })).rejects.toThrow(/Unable to capture screenshot/);
    expect(twice.calls).toBe(2);
  });
});
