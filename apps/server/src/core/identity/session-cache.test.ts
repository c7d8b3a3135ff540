import { expect, it } from "vitest";
import { createLocalBus } from "../../lib/invalidation-bus.js";
import { SessionCache } from "./session-cache.js";

const entry = (userId: string, expiresAt: number) => ({
  userId,
  sessionCreatedAt: new Date(0),
  sessionExpiresAt: new Date(expiresAt),
});

it("keeps an entry for its TTL but never past the session's own expiry", () => {
  const cache = new SessionCache(createLocalBus(), 30_000);
  cache.set("k1", entry("u1", 10_000), cache.mark(), 0);
  expect(cache.get("k1", 9_999)?.userId).toBe("u1");
  expect(cache.get("k1", 10_000)).toBeUndefined();
  cache.set("k2", entry("u2", 1e12), cache.mark(), 0);
  expect(cache.get("k2", 29_999)?.userId).toBe("u2");
  expect(cache.get("k2", 30_000)).toBeUndefined();
});

it("a sign-out published on the bus ends the entry in every cache listening to it", () => {
  const bus = createLocalBus();
  const a = new SessionCache(bus);
  const b = new SessionCache(bus);
  a.set("k", entry("u1", Date.now() + 60_000));
  b.set("k", entry("u1", Date.now() + 60_000));
  a.end("k");
  expect(a.get("k")).toBeUndefined();
  expect(b.get("k")).toBeUndefined();
});

it("does not store a lookup that a sign-out overtook", () => {
  const cache = new SessionCache();
  const mark = cache.mark();
  cache.end("k");
  cache.set("k", entry("u1", Date.now() + 60_000), mark);
  expect(cache.get("k")).toBeUndefined();
});

it("keys by the session cookie only, hashed", () => {
  const key = SessionCache.keyOf("theme=dark; better-auth.session_token=abc.sig; other=1");
  expect(key).toBe(SessionCache.keyOf("__Secure-better-auth.session_token=abc.sig"));
  expect(key).not.toContain("abc");
  expect(SessionCache.keyOf("theme=dark")).toBeUndefined();
  expect(SessionCache.keyOf(undefined)).toBeUndefined();
});
