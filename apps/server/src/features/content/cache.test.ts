import { describe, expect, it } from "vitest";
import { ContentCache } from "./cache.js";

describe("ContentCache", () => {
  it("loads once, serves the same text and tag, and reloads after invalidation", async () => {
    const cache = new ContentCache(60_000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const a = await cache.get("features:public", load);
    const b = await cache.get("features:public", load);
    expect(loads).toBe(1);
    expect(b).toBe(a);
    expect(a.body).toBe('{"n":1}');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    cache.invalidate("features");
    const c = await cache.get("features:public", load);
    expect(loads).toBe(2);
    expect(c.etag).not.toBe(a.etag);
  });

  it("answers a cached key at once, without a promise, and a missing or expired one with a promise", async () => {
    let now = 0;
    const cache = new ContentCache(1_000, () => now);
    const load = async () => "hero";
    const first = cache.get("hero", load);
    expect(first).toBeInstanceOf(Promise);
    const answer = await first;
    expect(cache.get("hero", load)).toBe(answer);
    now = 1_001;
    expect(cache.get("hero", load)).toBeInstanceOf(Promise);
  });

  it("shares one load between concurrent readers", async () => {
    const cache = new ContentCache(60_000);
    let loads = 0;
    const load = () => new Promise((r) => setTimeout(() => r({ n: ++loads }), 10));
    const answers = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect(loads).toBe(1);
    expect(new Set(answers.map((x) => x.body)).size).toBe(1);
  });

  it("never stores a load that was overtaken by a write", async () => {
    const cache = new ContentCache(60_000);
    let value = "old";
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = cache.get("about", async () => {
      const seen = value;
      await gate;
      return seen;
    });
    value = "new";
    cache.invalidate("about");
    release();
    expect((await slow).body).toBe('"old"');
    expect((await cache.get("about", async () => value)).body).toBe('"new"');
  });

  it("expires entries after the TTL", async () => {
    let now = 0;
    const cache = new ContentCache(1000, () => now);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    now = 999;
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(1);
    now = 1001;
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("only drops the resource it is told to", async () => {
    const cache = new ContentCache(60_000);
    let loads = 0;
    await cache.get("footer", async () => ++loads);
    await cache.get("banner", async () => ++loads);
    cache.invalidate("banner");
    await cache.get("footer", async () => ++loads);
    expect(loads).toBe(2);
  });
});
