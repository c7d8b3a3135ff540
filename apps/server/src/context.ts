import { FAILED_LOGIN_LIMIT, FAILED_LOGIN_WINDOW_MS, type TDesignLayout } from "@mailsmith/shared";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { LetterSender } from "./adapters/mail/letter.js";
import type { Mailer } from "./adapters/mail/mailer.js";
import { createRenderer, type Renderer } from "./adapters/renderer/renderer.js";
import { createStorage } from "./adapters/storage/create-storage.js";
import { isPrivateKey } from "./adapters/storage/private-url.js";
import type { StorageAdapter } from "./adapters/storage/storage.js";
import { type Auth, createAuth } from "./core/identity/auth.js";
import { addressWasClosed } from "./core/identity/close-account.js";
import { FailedLoginLimiter } from "./core/identity/failed-login-limiter.js";
import { passwordHashingFor } from "./core/identity/password-hashing.js";
import { SessionCache } from "./core/identity/session-cache.js";
import { UserCache } from "./core/identity/user-cache.js";
import { findUserById, revokeSessions } from "./core/identity/users.js";
import { type Credits, createCredits } from "./core/ledger.js";
import { MemberDataRegistry } from "./core/member-data.js";
import { trackStorage } from "./core/storage/stored-objects.js";
import type { Database, Db } from "./db/client.js";
import { createDesignReader } from "./design-reader/index.js";
import { createLetterSender } from "./email-engine/letters/compose-letter.js";
import { createEmailProcessor, type EmailWorkerPool } from "./email-engine/pool.js";
import type { Env } from "./env.js";
import { createLocalBus, createPostgresBus, type InvalidationBus } from "./lib/invalidation-bus.js";
import { createMetrics, type Metrics } from "./lib/metrics.js";
import { Scheduler } from "./lib/scheduler.js";
import { registerSecretsKey } from "./lib/secret-box.js";
import { createMemoryWindowStore, createRedisWindowStore, type WindowStore } from "./lib/window-store.js";

/** Everything a feature needs, built once per app (tests build several, each with its own database). */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  mail: Mailer;
  /** The emails the product itself sends (verification, receipts …), laid out by the email engine. */
  letters: LetterSender;
  /** Uploaded files (profile photos): local disk under DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageAdapter;
  /** Headless Chromium that renders emails to pictures; the browser starts on the first render (closed with the app). */
  renderer: Renderer;
  /**
   * The email engine's worker pool (post-processing, fidelity comparison): one per app, shared by the generator,
   * template import, autofix and Check my email, so the threads stay bounded (closed with the app).
   */
  emailEngine: EmailWorkerPool;
  auth: Auth;
  /** Cache invalidations for every instance: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  bus: InvalidationBus;
  users: UserCache;
  sessions: SessionCache;
  /** With REDIS_URL: the shared Redis (rate limits, limiter counts), closed with the app; else undefined. */
  redis?: Redis;
  /** Sliding-window counts behind the limiters: Redis with REDIS_URL, else memory. */
  limits: WindowStore;
  loginLimiter: FailedLoginLimiter;
  log: Logger;
  credits: Credits;
  /** This app's Prometheus metrics, served by GET /metrics: features count with `ctx.metrics.<name>`. */
  metrics: Metrics;
  /**
   * Every table that holds a member's rows or stored files: declared by each feature, collected in
   * composition/member-data.ts when the app is composed; the storage sweep, Download my data and account deletion read it.
   */
  memberData: MemberDataRegistry;
  /**
   * The local design reader in its own thread: reads a design picture into its layout — for the
   * local reader's email when no AI key works, the model's grounding and the per-section score (closed with the app).
   */
  designReader: DesignReaderService;
  /**
   * Every periodic job of this instance (composition/periodic-jobs.ts declares them; app.ts starts them when the app
   * is ready and stops them with it); features ask for a run now with `ctx.scheduler.kick(name)`.
   */
  scheduler: Scheduler;
}

/** What the app asks of the design reader (design-reader/reader.ts createDesignReader). */
export interface DesignReaderService {
  read(image: Buffer, opts?: { signal?: AbortSignal }): Promise<TDesignLayout>;
  close(): Promise<void>;
}

export function createContext(opts: {
  env: Env;
  database: Database;
  mail: Mailer;
  log: Logger;
  authSecret: string;
}): AppContext {
  const { env, database, mail, log } = opts;
  const db = database.db;
  // Gemini keys and the PayPal secret are sealed at rest with a key derived from this.
  registerSecretsKey(env.SECRETS_KEY ?? opts.authSecret);
  const bus =
    database.kind === "postgres" && database.url
      ? createPostgresBus({
          url: database.url,
          notify: (channel, payload) => db.execute(sql`select pg_notify(${channel}, ${payload})`),
          log,
        })
      : createLocalBus();
  const users = new UserCache(db, bus);
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        keyPrefix: env.REDIS_KEY_PREFIX,
        // A request waits at most one retry for Redis; the limiters then let it through (logged).
        maxRetriesPerRequest: 1,
        connectTimeout: 5000,
      })
    : undefined;
  redis?.on("error", (err) => log.warn({ err }, "Redis connection error; it reconnects by itself"));
  const limits = redis ? createRedisWindowStore(redis, log) : createMemoryWindowStore();
  const credits = createCredits(db, users);
  async function grantSignupBonus(userId: string) {
    if (env.SIGNUP_BONUS_CREDITS <= 0) return;
    // An address whose account was deleted signs up again without a second bonus.
    const row = await findUserById(db, userId);
    if (row && (await addressWasClosed(db, row.email))) return;
    await credits.apply({
      userId,
      delta: env.SIGNUP_BONUS_CREDITS,
      reason: "signup_bonus",
      sourceKey: `signup:${userId}`,
    });
  }
  const emailEngine = createEmailProcessor((err) => log.error({ err }, "email engine worker failed"), ownOrigins(env));
  const letters = createLetterSender({ mail, log, siteUrl: env.publicUrl, run: (input) => emailEngine.run(input) });
  const auth = createAuth({
    db,
    letters,
    secret: opts.authSecret,
    baseURL: env.publicUrl,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    async onPasswordReset(userId) {
      await revokeSessions(db, userId);
      users.invalidate(userId);
    },
    trustedOrigins: env.trustedOrigins,
    passwordHashing: passwordHashingFor(env.NODE_ENV),
    // The sign-up credits are granted once the address is verified (Google accounts arrive verified); the
    // source key makes the grant happen once however often the link is opened (docs/decisions/070).
    async onUserCreated(userId, emailVerified) {
      if (emailVerified) await grantSignupBonus(userId);
    },
    async onEmailVerified(userId) {
      await grantSignupBonus(userId);
      users.invalidate(userId);
    },
  });
  // The secret also signs the expiring addresses of private stored files (designs).
  // Every object put is recorded with its owner, for the storage sweep.
  const storage = trackStorage(createStorage(env, opts.authSecret), db, log);
  // Process metrics (event loop, GC, memory) only where /metrics is served (METRICS_TOKEN set).
  const metrics = createMetrics({ processMetrics: env.METRICS_TOKEN !== undefined });
  return {
    env,
    database,
    db,
    mail,
    storage,
    renderer: createRenderer({ env, log, assets: ownUploads(env, storage), onRender: metrics.render }),
    letters,
    emailEngine,
    auth,
    users,
    bus,
    sessions: new SessionCache(bus),
    log,
    credits,
    metrics,
    memberData: new MemberDataRegistry(),
    designReader: createDesignReader({
      onRead: (outcome, seconds) => metrics.designReads.observe({ outcome }, seconds),
      onError: (err) => log.error({ err }, "design reader worker failed"),
    }),
    scheduler: new Scheduler({
      onRun: metrics.periodicJobRun,
      onError: (job, err) => log.warn({ err, job }, "periodic job failed; it runs again at its next interval"),
    }),
    redis,
    limits,
    loginLimiter: new FailedLoginLimiter(FAILED_LOGIN_LIMIT, FAILED_LOGIN_WINDOW_MS, limits),
  };
}

/** Rendered emails show our own stored images (local disk) without a request back to the server. */
/** The origins the site's own files are served from: its public URL and, with S3, the bucket's public URL. */
export function ownOrigins(env: Env): string[] {
  return [env.publicUrl, env.S3_PUBLIC_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin);
}

function ownUploads(env: Env, storage: StorageAdapter) {
  const origin = new URL(env.publicUrl).origin;
  return async (url: URL) => {
    if (url.origin !== origin || !url.pathname.startsWith("/uploads/") || !storage.read) return null;
    const key = decodeURIComponent(url.pathname.slice("/uploads/".length));
    // A design is private: never drawn into a render from its address, signed or not.
    return isPrivateKey(key) ? null : storage.read(key);
  };
}
