import { describe, expect, it } from "vitest";
import { keyOrder } from "./failover.js";
import type { KeyRow } from "./repo.js";

const key = (id: string, health: Partial<KeyRow> = {}) =>
  ({ id, invalidReason: null, rateLimitedUntil: null, ...health }) as KeyRow;

describe("the order keys are tried in (decision 095)", () => {
  const now = new Date("2026-11-29T08:00:00Z");
  const later = (s: number) => new Date(now.getTime() + s * 1000);

  it("working keys first, then rate-limited ones soonest free first; invalid keys only when nothing else is left", () => {
    const keys = [
      key("invalid", { invalidReason: "401" }),
      key("limited-long", { rateLimitedUntil: later(600) }),
      key("ok-1"),
      key("limited-short", { rateLimitedUntil: later(20) }),
      key("ok-2"),
      key("limit-over", { rateLimitedUntil: later(-5) }),
    ];
    const order = keyOrder(keys, now).map((k) => k.id);
    expect(order.slice(0, 3).sort()).toEqual(["limit-over", "ok-1", "ok-2"]);
    expect(order.slice(3)).toEqual(["limited-short", "limited-long"]);
    expect(keyOrder([key("a", { invalidReason: "x" }), key("b", { invalidReason: "y" })], now)).toHaveLength(2);
  });
});
