import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { VERIFY_EMAIL_SUBJECT } from "@mailsmith/shared";
import { sql } from "drizzle-orm";
import pino from "pino";
import { letterShapes } from "../src/adapters/mail/letters.js";
import { createOutboxMailer, createSmtpMailer, type Mailer, type MailMessage } from "../src/adapters/mail/mailer.js";
import { buildApp } from "../src/app.js";
import { seed } from "../src/composition/seed.js";
import { type AppContext, createContext } from "../src/context.js";
import { type Database, migrationsFolder, openPglite, openPostgres, pgliteDatabase } from "../src/db/client.js";
import { loadEnv } from "../src/env.js";
import { createScratchDatabase } from "./scratch-database.js";

export const ADMIN = { email: "admin@test.local", password: "admin-password-123" };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts something that must know its ports before it listens (its URL goes into its config) on ports freePort
 * found, and again on other ones if a process took one in between: the PGlite and PostgreSQL runs go side by side,
 * and an outgoing connection can be given the same ephemeral port. `start` must release whatever it built before it
 * rethrows; `portTaken` tells that failure from others (by default an EADDRINUSE error code).
 */
export async function onFreePorts<T>(
  count: number,
  start: (ports: number[]) => Promise<T>,
  { attempts = 5, portTaken = (err: unknown) => (err as NodeJS.ErrnoException).code === "EADDRINUSE" } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    try {
      return await start(ports);
    } catch (err) {
      if (!portTaken(err) || attempt >= attempts) throw err;
    }
  }
}

/** `onFreePorts` for one port. */
export function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  return onFreePorts(1, ([port]) => start(port!));
}

/** Listens on `port`, or closes the app (its hooks release what it started) and rethrows: for `onFreePort` starts. */
export async function listenOrClose(app: Awaited<ReturnType<typeof buildApp>>, port: number): Promise<void> {
  try {
    await app.listen({ port, host: "127.0.0.1" });
  } catch (err) {
    await app.close();
    throw err;
  }
}

let pgliteTemplate: Promise<Blob | File> | undefined;

/**
 * PGlite's initdb costs ~4 s of CPU per database; a migrated database dumped once per test worker and loaded
 * for each test server costs ~0.4 s (test servers start in ≤ 2 s on a busy machine).
 */
function migratedPgliteDump(): Promise<Blob | File> {
  pgliteTemplate ??= (async () => {
    // Each worker process and each run would make its own, so the dump is also kept on disk, keyed by the
    // migrations' contents (and by how the dump is made: "checkpointed").
    const folder = migrationsFolder();
    const hash = createHash("sha256").update("checkpointed");
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      hash.update(file).update(readFileSync(path.join(folder, file)));
    }
    const cached = path.join(tmpdir(), `mailsmith-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
    if (existsSync(cached)) return new Blob([readFileSync(cached)]);
    const template = await openPglite(undefined);
    await template.migrate();
    // A checkpoint first, so a database loaded from the dump starts without replaying the migrations' WAL
    // (~0.2 s less CPU per test server).
    await template.db.execute(sql`checkpoint`);
    const dump = await template.dump!();
    await template.close();
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cached);
    return dump;
  })();
  return pgliteTemplate;
}

/**
 * PGlite databases reused by the test files of one worker. Loading one from the dump costs ~0.9 s
 * of CPU (untar into memory, start the backend; ~80 times per run), emptying one ~0.1 s. A closed test server's
 * database is emptied — every table of the schema truncated, session state discarded — and the worker's next test
 * file gets it: what a fresh one holds, the migrated schema and no rows. Emptying is only trusted when the migrated
 * template itself has no rows (checked once per worker); otherwise every file loads a fresh one.
 */
const idlePglites: PGlite[] = [];
let emptyingSql: string | null | undefined;
/** How this worker's PGlite test databases were obtained (harness.test.ts checks reuse happens). */
export const pgliteOpens = { reused: 0 };

async function emptyingStatement(fresh: PGlite): Promise<string | null> {
  const { rows } = await fresh.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  for (const { name } of rows) {
    const count = await fresh.query<{ n: number }>(`select count(*)::int as n from ${name}`);
    if (count.rows[0]!.n > 0) return null;
  }
  return rows.length ? `truncate ${rows.map((r) => r.name).join(", ")} restart identity cascade` : null;
}

async function takePglite(): Promise<Database> {
  const idle = idlePglites.pop();
  if (idle) pgliteOpens.reused += 1;
  const client = idle ?? (await PGlite.create(undefined, { loadDataDir: await migratedPgliteDump() }));
  emptyingSql ??= await emptyingStatement(client);
  // The server gets a handle that stops working once it is closed, as a closed database would: late work of one test
  // file (a job, a mail) cannot write into the next file's database.
  let closed = false;
  const handle = new Proxy<PGlite>(client, {
    get(target, prop) {
      if (closed) throw new Error("This test database was closed");
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const database = pgliteDatabase(handle);
  database.close = async () => {
    if (closed) return;
    closed = true;
    await recyclePglite(client);
  };
  return database;
}

async function recyclePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  if (!emptyingSql || idlePglites.length > 0) return client.close();
  try {
    // PGlite runs a statement only outside another's transaction: a transaction left hanging times this out.
    await withTimeout(
      (async () => {
        await client.exec(emptyingSql!);
        await client.exec("discard all");
      })(),
      10_000,
    );
    idlePglites.push(client);
  } catch {
    // Not awaited: closing waits for the same hanging transaction.
    client.close().catch(() => {});
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
async function openTestDatabase(
  rewriteUrl?: (url: string) => string | Promise<string>,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: await takePglite(), drop: async () => {} };
  }
  const scratch = await createScratchDatabase(serverUrl, `ms_test_${randomBytes(6).toString("hex")}`);
  const database = await openPostgres(rewriteUrl ? await rewriteUrl(scratch.url) : scratch.url);
  return { database, drop: scratch.drop };
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  routeTable: { method: string; url: string; access: string }[];
  /** The URLs the server answers from recordings now. */
  recordedUrls(): string[];
  client(): TestClient;
  /** Registers a member (verified through the mail's link unless verified: false) and returns a signed-in client. */
  member(opts?: {
    email?: string;
    password?: string;
    name?: string;
    verified?: boolean;
  }): Promise<TestClient & { email: string; password: string }>;
  /** Every mail the server sent (whatever the mail adapter). */
  sentMails: MailMessage[];
  /** The link of the latest verification mail to this address (waits for it). */
  verificationLink(email: string): Promise<string>;
  /** Opens the verification link with this client, as the member's browser would. */
  verifyEmail(client: TestClient, email: string): Promise<void>;
  admin(): Promise<TestClient>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** SMTP URL of a loopback catcher; default: the outbox table. */
  smtpUrl?: string;
  mailer?: (ctx: { database: Database }) => Mailer;
  /** A built web app folder to serve (default: none, API only). */
  webDist?: string;
  /** Rewrites the PostgreSQL URL the server connects to (TEST_DATABASE_URL only), e.g. through a proxy. */
  databaseUrl?: (url: string) => string | Promise<string>;
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const { database, drop } = await openTestDatabase(opts.databaseUrl);
  await database.migrate();
  const { url, ctx, app, sent } = await onFreePort(async (port) => {
    const url = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      BETTER_AUTH_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      DATA_DIR: `/tmp/mailsmith-test-${port}`,
      // Test files sign up many members from 127.0.0.1; security tests set their own limits.
      SIGNUP_LIMIT_PER_HOUR: "100000",
      RESET_LIMIT_PER_HOUR: "100000",
      ...opts.env,
    });
    const log = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
    const inner = opts.mailer
      ? opts.mailer({ database })
      : opts.smtpUrl
        ? createSmtpMailer(opts.smtpUrl, env.MAIL_FROM)
        : createOutboxMailer(database.db, log);
    // Every mail the server sends is also kept here (members complete e-mail verification from it).
    const sent: MailMessage[] = [];
    const mail: Mailer = {
      kind: inner.kind,
      async send(message) {
        sent.push(message);
        await inner.send(message);
      },
      verify: inner.verify?.bind(inner),
    };
    const ctx = createContext({ env, database, mail, log, authSecret: env.BETTER_AUTH_SECRET ?? "" });
    await seed(ctx, () => {});
    const app = await buildApp({ ctx, logger: log, webDist: opts.webDist });
    await listenOrClose(app, port);
    // As main.ts does after listening, but awaited: a test's first letter is in its layout however busy the machine.
    await ctx.letters.prepare(letterShapes(env.publicUrl));
    return { url, ctx, app, sent };
  });

  let counter = 0;
  const server: TestServer = {
    url,
    ctx,
    routeTable: app.routeTable,
    recordedUrls: () => app.replays.recordedUrls(),
    client: () => new TestClient(url),
    async member(o = {}) {
      counter += 1;
      const email = o.email ?? `member${counter}-${randomBytes(3).toString("hex")}@test.local`;
      const password = o.password ?? "member-password-1";
      const c = new TestClient(url);
      const res = await c.post("/api/auth/sign-up/email", { email, password, name: o.name ?? `Member ${counter}` });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      if (o.verified !== false) await server.verifyEmail(c, email);
      return Object.assign(c, { email, password });
    },
    sentMails: sent,
    async verificationLink(email) {
      for (let i = 0; i < 200; i++) {
        const found = [...sent].reverse().find((m) => m.to === email && m.subject === VERIFY_EMAIL_SUBJECT);
        const link = found?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
        if (link) return link;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no verification mail for ${email}`);
    },
    async verifyEmail(c, email) {
      const link = new URL(await server.verificationLink(email));
      const res = await c.get(link.pathname + link.search);
      if (res.status >= 400) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async admin() {
      const c = new TestClient(url);
      const res = await c.post("/api/auth/sign-in/email", ADMIN);
      if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
      return c;
    },
    async close() {
      // The test is over, so nothing on an open connection is still wanted. A client can leave one mid-request (a
      // body refused with 413 before it was read): waiting for it held email-check's close for ~65 s.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      await drop();
    },
  };
  return server;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch with a cookie jar and the Origin header a browser would send. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<TestResponse<T>> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.baseUrl);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { ...init, method, headers, body: payload, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
}
