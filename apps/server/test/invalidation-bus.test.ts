import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createLocalBus, createPostgresBus, EVERYTHING, type InvalidationBus } from "../src/lib/invalidation-bus.js";

/** Waits for a condition with a generous deadline (never a fixed sleep as an assertion). */
async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("local bus (one process)", () => {
  it("delivers a publish to every subscriber of the topic, at once", () => {
    const bus = createLocalBus();
    const got: string[] = [];
    bus.subscribe("user", (k) => got.push(`a:${k}`));
    bus.subscribe("user", (k) => got.push(`b:${k}`));
    bus.subscribe("content", (k) => got.push(`c:${k}`));
    bus.publish("user", "u1");
    expect(got).toEqual(["a:u1", "b:u1"]);
  });
});

describe("PostgreSQL bus without a reachable database", () => {
  it("still lets the server start, not live (caches bypassed), and delivers its own publishes", async () => {
    const bus = createPostgresBus({
      url: "postgres://nobody@127.0.0.1:1/none",
      notify: async () => {
        throw new Error("unreachable");
      },
      readyTimeoutMs: 200,
      maxBackoffMs: 200,
    });
    try {
      await bus.ready();
      expect(bus.isLive()).toBe(false);
      const got: string[] = [];
      bus.subscribe("user", (k) => got.push(k));
      bus.publish("user", "u1");
      expect(got).toEqual(["u1"]);
    } finally {
      await bus.close();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)("PostgreSQL bus (LISTEN/NOTIFY)", () => {
  const buses: InvalidationBus[] = [];
  const pool = url ? new pg.Pool({ connectionString: url, max: 4 }) : null;
  const applicationName = `bus-test-${randomBytes(4).toString("hex")}`;
  const bus = () => {
    const b = createPostgresBus({
      url: url!,
      notify: (channel, payload) => pool!.query("select pg_notify($1, $2)", [channel, payload]),
      maxBackoffMs: 200,
      applicationName,
    });
    buses.push(b);
    return b;
  };

  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
  });
  afterAll(async () => {
    await pool?.end();
  });

  it("reaches the other instance, and each instance applies its own publish once", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const onA: string[] = [];
    const onB: string[] = [];
    a.subscribe("session", (k) => onA.push(k));
    b.subscribe("session", (k) => onB.push(k));
    a.publish("session", "k1");
    expect(onA).toEqual(["k1"]);
    await until(() => onB.includes("k1"), "the notification on B");
    // A's own notification also came back over the wire; it is not applied a second time.
    b.publish("session", "k2");
    await until(() => onA.includes("k2"), "the notification on A");
    expect(onA).toEqual(["k1", "k2"]);
  });

  it("a publish inside a transaction reaches the others, and this instance again, only when it commits", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const onA: string[] = [];
    const onB: string[] = [];
    a.subscribe("user", (k) => onA.push(k));
    b.subscribe("user", (k) => onB.push(k));
    const tx = await pool!.connect();
    try {
      await tx.query("begin");
      await a.publishWithin("user", "u-tx", (channel, payload) =>
        tx.query("select pg_notify($1, $2)", [channel, payload]),
      );
      expect(onA).toEqual(["u-tx"]); // dropped here at once
      // A sentinel sent after it but outside the transaction arrives first: the commit-time one is still held.
      a.publish("user", "sentinel");
      await until(() => onB.includes("sentinel"), "the sentinel on B");
      expect(onB).toEqual(["sentinel"]);
      await tx.query("commit");
    } finally {
      tx.release();
    }
    await until(() => onB.includes("u-tx"), "the committed notification on B");
    await until(() => onA.filter((k) => k === "u-tx").length === 2, "the committed notification back on A");
  });

  it("reconnects by itself after its connection is killed, and then drops everything", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const onB: string[] = [];
    b.subscribe("user", (k) => onB.push(k));
    // Kill this test's listening connections, as a database restart or an admin would.
    await pool!.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
      [applicationName],
    );
    await until(() => onB.includes(EVERYTHING), "B to reconnect and drop everything");
    await until(() => a.isLive() && b.isLive(), "both listeners live again");
    a.publish("user", "after-reconnect");
    await until(() => onB.includes("after-reconnect"), "a notification after the reconnect");
  });
});
