import { expect, it } from "vitest";
import { SessionCache } from "./session-cache.js";

it("keeps an entry for its TTL but never past the session's own expiry", () => {
  const cache = new SessionCache(30_000);
  cache.set("c=1", "u1", new Date(0), new Date(10_000), 0);
  expect(cache.get("c=1", 9_999)?.userId).toBe("u1");
  expect(cache.get("c=1", 10_000)).toBeUndefined();
  cache.set("c=2", "u2", new Date(0), new Date(1e12), 0);
  expect(cache.get("c=2", 29_999)?.userId).toBe("u2");
  expect(cache.get("c=2", 30_000)).toBeUndefined();
});

it("forgets a cookie on sign-out", () => {
  const cache = new SessionCache();
  cache.set("c=1", "u1", new Date(), new Date(Date.now() + 60_000));
  cache.delete("c=1");
  expect(cache.get("c=1")).toBeUndefined();
});
