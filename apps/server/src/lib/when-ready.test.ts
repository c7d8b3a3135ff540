import { describe, expect, it } from "vitest";
import { whenReady } from "./when-ready.js";

describe("whenReady", () => {
  it("runs at once on a plain value and returns its result, not a promise", () => {
    const seen: number[] = [];
    const out = whenReady(2, (n) => {
      seen.push(n);
      return n * 10;
    });
    expect(out).toBe(20);
    expect(seen).toEqual([2]);
  });

  it("waits for a promise and passes its rejection on", async () => {
    const out = whenReady(Promise.resolve(3), (n) => n * 10);
    expect(out).toBeInstanceOf(Promise);
    await expect(out).resolves.toBe(30);
    await expect(whenReady(Promise.reject(new Error("down")), (n: number) => n)).rejects.toThrow("down");
  });
});
