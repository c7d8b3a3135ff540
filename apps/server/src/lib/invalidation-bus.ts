import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";

/** The PostgreSQL channel every instance listens on (one channel; the topic travels in the payload). */
export const INVALIDATION_CHANNEL = "mailsmith_invalidate";

/**
 * Delivered to every subscriber of every topic when the listening connection came back after a loss:
 * notifications sent meanwhile are gone, so caches drop everything.
 */
export const EVERYTHING = "*";

export type InvalidationHandler = (key: string) => void;

/**
 * Tells every server instance that cached data changed (docs/decisions/062). `publish` drops the local entry at once
 * (synchronously) and reaches the other instances through PostgreSQL LISTEN/NOTIFY within milliseconds.
 * With PGlite there is only one instance, so delivery stays in the process.
 */
export interface InvalidationBus {
  readonly kind: "local" | "postgres";
  /**
   * True while remote invalidations are being received. Caches that must never be stale (sessions, user rows)
   * are bypassed while it is false, so a lost listening connection cannot keep a revoked session alive.
   */
  isLive(): boolean;
  publish(topic: string, key: string): void;
  /**
   * For a change inside a transaction: drops the entry here at once, and sends the notification through the
   * transaction (`execute` runs `select pg_notify($1, $2)` on it), so PostgreSQL delivers it when the transaction
   * commits — to the other instances and to this one again, in case a read here cached the old row meanwhile.
   */
  publishWithin(
    topic: string,
    key: string,
    execute: (channel: string, payload: string) => Promise<unknown>,
  ): Promise<void>;
  subscribe(topic: string, handler: InvalidationHandler): () => void;
  /** Resolves once remote invalidations are received (at once for the local bus). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

class Subscribers {
  private readonly byTopic = new Map<string, Set<InvalidationHandler>>();

  add(topic: string, handler: InvalidationHandler) {
    const set = this.byTopic.get(topic) ?? new Set<InvalidationHandler>();
    this.byTopic.set(topic, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  deliver(topic: string, key: string, log?: Logger) {
    for (const handler of this.byTopic.get(topic) ?? []) {
      try {
        handler(key);
      } catch (err) {
        log?.error({ err, topic }, "invalidation handler failed");
      }
    }
  }

  deliverEverywhere(key: string, log?: Logger) {
    for (const topic of this.byTopic.keys()) this.deliver(topic, key, log);
  }
}

/** One process, one database (PGlite): invalidations are delivered in the process. */
export function createLocalBus(): InvalidationBus {
  const subs = new Subscribers();
  return {
    kind: "local",
    isLive: () => true,
    publish: (topic, key) => subs.deliver(topic, key),
    // PGlite runs a transaction alone: no read can see the old row while it is open.
    publishWithin: async (topic, key) => subs.deliver(topic, key),
    subscribe: (topic, handler) => subs.add(topic, handler),
    ready: async () => {},
    close: async () => {},
  };
}

export interface PostgresBusOptions {
  /** Connection string of the shared PostgreSQL (a dedicated connection is opened for LISTEN). */
  url: string;
  /** Sends NOTIFY (the app's pool): `select pg_notify($1, $2)`. */
  notify(channel: string, payload: string): Promise<unknown>;
  log?: Logger;
  /** application_name of the listening connection (visible in pg_stat_activity). */
  applicationName?: string;
  /** `ready()` resolves after this long even without a connection (caches then stay bypassed until it comes). */
  readyTimeoutMs?: number;
  /** Longest wait between reconnect attempts. */
  maxBackoffMs?: number;
}

/**
 * Several instances on one PostgreSQL: NOTIFY through the pool, LISTEN on a dedicated connection that reconnects by
 * itself (with backoff). A message carries its sender's id so an instance does not apply its own twice.
 */
export function createPostgresBus(opts: PostgresBusOptions): InvalidationBus {
  const subs = new Subscribers();
  const origin = randomUUID();
  const maxBackoff = opts.maxBackoffMs ?? 5000;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let everConnected = false;
  let backoff = 100;
  let retryTimer: NodeJS.Timeout | null = null;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((r) => {
    resolveReady = r;
  });

  function onNotification(msg: pg.Notification) {
    if (msg.channel !== INVALIDATION_CHANNEL || !msg.payload) return;
    let parsed: { o?: string; t?: string; k?: string; c?: number };
    try {
      parsed = JSON.parse(msg.payload);
    } catch {
      return;
    }
    // Our own messages were applied when published, except those sent at commit time (c).
    if ((parsed.o === origin && !parsed.c) || typeof parsed.t !== "string" || typeof parsed.k !== "string") return;
    subs.deliver(parsed.t, parsed.k, opts.log);
  }

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = null;
    live = false;
    c.removeAllListeners("notification");
    c.end().catch(() => {});
    if (closed) return;
    opts.log?.warn({ err }, "invalidation listener lost its connection; reconnecting");
    schedule();
  }

  function schedule() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connectWithin();
    }, backoff);
    retryTimer.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  }

  async function connect() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      application_name: opts.applicationName ?? "mailsmith-invalidation",
    });
    c.on("error", (err) => lost(c, err));
    c.on("end", () => lost(c));
    c.on("notification", onNotification);
    try {
      client = c;
      await c.connect();
      await c.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (err) {
      if (client === c) {
        client = null;
        c.end().catch(() => {});
        opts.log?.warn({ err }, "invalidation listener could not connect; retrying");
        schedule();
      }
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    backoff = 100;
    live = true;
    // Anything sent while we were not listening is lost: every cache starts over.
    if (everConnected) subs.deliverEverywhere(EVERYTHING, opts.log);
    everConnected = true;
    resolveReady();
  }

  /** Connects, and is ready by the deadline whether or not the listener got through. */
  let readyTimer: NodeJS.Timeout | undefined;
  function connectWithin() {
    void connect();
    // Start-up never hangs on the listener: without it the session and user caches are simply bypassed.
    readyTimer = setTimeout(() => {
      if (!live) opts.log?.warn("invalidation listener not connected yet; starting with caches bypassed");
      resolveReady();
    }, opts.readyTimeoutMs ?? 10_000);
    readyTimer.unref();
  }

  connectWithin();

  return {
    kind: "postgres",
    isLive: () => live,
    publish(topic, key) {
      subs.deliver(topic, key, opts.log);
      const payload = JSON.stringify({ o: origin, t: topic, k: key });
      opts.notify(INVALIDATION_CHANNEL, payload).catch((err) => {
        opts.log?.error({ err, topic }, "invalidation could not be sent to the other instances");
      });
    },
    async publishWithin(topic, key, execute) {
      subs.deliver(topic, key, opts.log);
      await execute(INVALIDATION_CHANNEL, JSON.stringify({ o: origin, t: topic, k: key, c: 1 }));
    },
    subscribe: (topic, handler) => subs.add(topic, handler),
    ready: () => readyPromise,
    async close() {
      closed = true;
      clearTimeout(readyTimer);
      live = false;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      resolveReady();
      if (c) await c.end().catch(() => {});
    },
  };
}
