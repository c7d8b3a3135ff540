import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, isNotNull } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOutboxMailer } from "../src/adapters/mail/mailer.js";
import { PaypalClient } from "../src/adapters/paypal/client.js";
import { buildApp } from "../src/app.js";
import { createContext } from "../src/context.js";
import { auditLog, creditLedger, generationJobs, itemOrders, packageOrders, user } from "../src/db/schema/index.js";
import { loadEnv } from "../src/env.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import {
  type RunningStandIn,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  signWebhook,
  startPaypalStandIn,
} from "../stand-ins/paypal.js";
import { addItem, addPackage, BILLING } from "./commerce-helpers.js";
import { designForm } from "./generator-helpers.js";
import { listenOrClose, onFreePort, startTestServer, TestClient, type TestServer } from "./harness.js";

/**
 * Decision 124: the money paths as a state machine. fast-check's model-based commands drive random
 * sequences on a real server and database (and a second instance on the same database): packages and premium items
 * bought, approved (or declined) at PayPal's stand-in, captured from the page or by PayPal's webhooks (delivered in
 * order, reordered, duplicated, late), refunded in part or in full, reversed; generations started, cancelled, failed,
 * retried and refunded; admin balance edits; accounts deleted with orders pending. After every command the database
 * must hold the invariants below; after each sequence every webhook is delivered and the money at PayPal must match.
 *
 * `npm test` runs MONEY_MODEL_RUNS (default 3) sequences per database; `npm run test:money-model` runs thousands. The
 * seed is printed; a failure prints fast-check's seed and path, and its shrunk sequence is kept as a plain regression
 * test (money-model-regressions below). MONEY_MODEL_MINUTES stops the random part after that long (a passing stop, on
 * a shared machine), between sequences: every sequence begun runs to its end with all its checks; the number of
 * sequences run is printed at the end.
 */
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 3);
const MINUTES = Number(process.env.MONEY_MODEL_MINUTES ?? 0);
let sequencesRun = 0;
let sequencesEnded = 0;
const SEED = Number(process.env.MONEY_MODEL_SEED ?? Date.now() ^ (Math.random() * 0x7fffffff));
vi.setConfig({ testTimeout: Math.max(600_000, RUNS * 60_000), hookTimeout: 180_000 });

const WEBHOOK_ID = "WHMONEYMODEL01";
let standIn: RunningStandIn;
let gemini: GeminiStandIn;
let server: TestServer;
let second: { url: string; close: () => Promise<void> };
let sink: Server;
let admin: TestClient;
let merchant: PaypalClient;
let design: Buffer;
const products: { kind: "package" | "item"; id: string; credit: number; price: number }[] = [];

beforeAll(async () => {
  standIn = await startPaypalStandIn({ webhookId: WEBHOOK_ID });
  gemini = await startGeminiStandIn();
  const env = {
    PAYPAL_API_BASE: standIn.url,
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    GEMINI_BASE_URL: gemini.url,
    GEMINI_TIMEOUT_MS: "60000",
    GENERATION_POLL_MS: "100",
    GENERATION_LEASE_MS: "5000",
  };
  server = await startTestServer({ env });
  second = await startSecondInstance(env);
  // PayPal's webhooks are caught here and handed to the server by the commands: in order, late, twice or out of order.
  sink = createServer((_req, res) => res.end("{}"));
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  standIn.state.options.webhookUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
  admin = await server.admin();
  merchant = new PaypalClient({
    baseUrl: standIn.url,
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
  });
  const small = await addPackage(admin, { packageName: "Small", price: "5", credit: "10", validity: 30 });
  const big = await addPackage(admin, { packageName: "Big", price: "20", credit: "50", validity: 30 });
  const item = await addItem(admin, { price: "12.50" });
  products.push(
    { kind: "package", id: small._id, credit: 10, price: 5 },
    { kind: "package", id: big._id, credit: 50, price: 20 },
    { kind: "item", id: item._id, credit: 0, price: 12.5 },
  );
  expect(
    (await admin.post("/api/gemini-keys", { name: "Model", key: "standin-money-model-key-0001", isActive: true }))
      .status,
  ).toBe(201);
  design = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  console.log(`money model: seed ${SEED}, ${RUNS} runs (MONEY_MODEL_SEED=${SEED} repeats them)`);
}, 180_000);

afterAll(async () => {
  await second?.close();
  await server?.close();
  await standIn?.close();
  await gemini?.close();
  sink?.close();
});

/** Another app on the same database and storage: a second instance behind the load balancer. */
async function startSecondInstance(extra: Record<string, string>) {
  return onFreePort(async (port) => {
    const env = loadEnv({
      NODE_ENV: "test",
      BETTER_AUTH_SECRET: server.ctx.env.BETTER_AUTH_SECRET,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      ...extra,
      PORT: String(port),
      HOST: "127.0.0.1",
      BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `/tmp/mailsmith-test-${port}-${randomBytes(3).toString("hex")}`,
    });
    const log = pino({ level: "silent" });
    const ctx = createContext({
      env,
      database: server.ctx.database,
      mail: createOutboxMailer(server.ctx.db, log),
      log,
      authSecret: env.BETTER_AUTH_SECRET ?? "",
    });
    Object.assign(ctx, { storage: server.ctx.storage });
    const app = await buildApp({ ctx, logger: log });
    await listenOrClose(app, port);
    return {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        const closing = app.close();
        app.server.closeAllConnections();
        await closing;
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The model: what the commands can pick from. The truth is the database; the model only names things.

interface Member {
  client: TestClient & { email: string; password: string };
  id: string;
  closed: boolean;
}
interface Order {
  member: Member;
  kind: "package" | "item";
  id: string;
  orderId: string;
  paypalOrderId: string;
  price: number;
}
interface Job {
  member: Member;
  id: string;
  mode: "hold" | "fail";
}
interface Model {
  members: Member[];
  orders: Order[];
  jobs: Job[];
  /** Stand-in deliveries (index into standIn.state.deliveries) not yet handed to the server. */
  undelivered: number[];
  delivered: number[];
  /** What happened, for the failure message. */
  log: string[];
}
type Real = Record<string, never>;

/** The same browser on one instance or the other. */
function on(instance: 0 | 1, client: TestClient): TestClient {
  if (instance === 0) return client;
  const other = new TestClient(second.url);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** The n-th (modulo), or the newest for a negative n: most payments follow the order just placed. */
const pick = <T>(list: T[], n: number): T | undefined =>
  list.length ? (n < 0 ? list[list.length - 1] : list[n % list.length]) : undefined;

/** A server answer a user would see: never a 5xx. */
function noServerError(what: string, res: { status: number; body: unknown }) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
}

/** Moves the stand-in's new deliveries (to the sink) into the model's queue. */
let seenDeliveries = 0;
function collectEvents(m: Model) {
  const all = standIn.state.deliveries.length;
  for (; seenDeliveries < all; seenDeliveries++) m.undelivered.push(seenDeliveries);
}

/**
 * Delivers a webhook as PayPal does. The webhook route allows 120 a minute per address, and every delivery here comes
 * from 127.0.0.1 at the test's pace: a 429 is resent as PayPal resends any answer that is not 2xx — through the load
 * balancer to the other instance at once, then after Retry-After — and is never a failure of the money paths.
 */
async function deliver(index: number, newId: boolean) {
  const d = standIn.state.deliveries[index]!;
  const body = newId ? d.body.replace(d.event.id, `${d.event.id}-R${randomBytes(3).toString("hex")}`) : d.body;
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    res = await fetch(`${[server.url, second.url][attempt % 2]}/api/paypal/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...signWebhook(standIn.state, body, standIn.url) },
      body,
    });
    if (res.status !== 429 || attempt >= 5) break;
    await res.body?.cancel();
    if (attempt % 2 === 1) await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
  }
  const answer = { status: res.status, body: await res.json().catch(() => null) };
  expect(answer.status, `webhook ${d.event.event_type}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer;
}

async function captureOf(order: Order) {
  const pp = await merchant.getOrder(order.paypalOrderId).catch(() => null);
  return pp?.purchase_units?.[0]?.payments?.captures?.[0];
}

async function jobStatus(id: string) {
  const [row] = await server.ctx.db.select().from(generationJobs).where(eq(generationJobs.id, id));
  return row;
}

/** Waits for a job the model made fail to end (it is refunded by the worker). */
async function untilEnded(id: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    const row = await jobStatus(id);
    if (!row || row.status === "failed" || row.status === "cancelled" || row.status === "succeeded") return row;
    if (Date.now() > until) throw new Error(`job ${id} did not end: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Commands

type Cmd = fc.AsyncCommand<Model, Real>;

/** A command: acts, then the database must hold every invariant. */
abstract class Step implements Cmd {
  abstract check: (m: Readonly<Model>) => boolean;
  abstract toString: () => string;
  abstract act(m: Model): Promise<void>;
  async run(m: Model) {
    m.log.push(this.toString());
    try {
      await this.act(m);
      await checkInvariants(`after ${this.toString()}`);
    } catch (err) {
      (err as Error).message += `\nsequence:\n${m.log.join("\n")}`;
      throw err;
    }
  }
}

class AddMember extends Step {
  check = (m: Readonly<Model>) => m.members.filter((x) => !x.closed).length < 3;
  async act(m: Model) {
    const client = await server.member();
    const id = (await client.get("/api/me")).body.user._id as string;
    m.members.push({ client, id, closed: false });
  }
  toString = () => "AddMember";
}

class Buy extends Step {
  constructor(
    readonly who: number,
    readonly product: number,
    readonly via: 0 | 1,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.members.some((x) => !x.closed);
  async act(m: Model) {
    const member = pick(
      m.members.filter((x) => !x.closed),
      this.who,
    )!;
    const p = products[this.product % products.length]!;
    const c = on(this.via, member.client);
    const res =
      p.kind === "package"
        ? await c.post("/api/new-order", { packageId: p.id, ...BILLING })
        : await c.post("/api/new-item-order", { itemId: p.id, ...BILLING });
    noServerError("new order", res);
    if (res.status !== 201) return;
    const created = await c.post("/api/paypal/create-order", { kind: p.kind, id: res.body.data._id });
    noServerError("create-order", created);
    if (created.status !== 200) return;
    m.orders.push({
      member,
      kind: p.kind,
      id: res.body.data._id,
      orderId: res.body.data.orderId,
      paypalOrderId: created.body.id,
      price: p.price,
    });
  }
  toString = () => `Buy(${this.who}, ${this.product}, via ${this.via})`;
}

class Approve extends Step {
  constructor(
    readonly order: number,
    readonly decline: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    const o = pick(m.orders, this.order)!;
    await fetch(`${standIn.url}/checkoutnow/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: o.paypalOrderId, action: this.decline ? "approve-decline" : "approve" }),
      redirect: "manual",
    });
    collectEvents(m);
  }
  toString = () => `Approve(${this.order}${this.decline ? ", declined card" : ""})`;
}

class CaptureFromPage extends Step {
  constructor(
    readonly order: number,
    readonly via: 0 | 1,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    const o = pick(m.orders, this.order)!;
    const res = await on(this.via, o.member.client).post("/api/paypal/capture-order", {
      kind: o.kind,
      id: o.id,
      paypalOrderId: o.paypalOrderId,
    });
    m.log.push(`  capture ${o.orderId}: ${res.status} ${res.body?.code ?? res.body?.result ?? ""}`);
    noServerError("capture", res);
    collectEvents(m);
  }
  toString = () => `CaptureFromPage(${this.order}, via ${this.via})`;
}

/** The buyer approves in PayPal's window and comes back to the payment page, which captures. */
class Pay extends Step {
  constructor(
    readonly order: number,
    readonly via: 0 | 1,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    await new Approve(this.order, false).act(m);
    await new CaptureFromPage(this.order, this.via).act(m);
  }
  toString = () => `Pay(${this.order}, via ${this.via})`;
}

/** PayPal captures without our page (the buyer's request was in flight, or the merchant captured in PayPal). */
class PaypalCaptures extends Step {
  constructor(readonly order: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    const o = pick(m.orders, this.order)!;
    await merchant
      .captureOrder(o.paypalOrderId, `outside-${o.paypalOrderId}-${randomBytes(2).toString("hex")}`)
      .catch(() => {});
    collectEvents(m);
  }
  toString = () => `PaypalCaptures(${this.order})`;
}

class DeliverWebhook extends Step {
  constructor(
    readonly which: number,
    readonly how: "next" | "any" | "all" | "again" | "again-new-id",
  ) {
    super();
  }
  check = (m: Readonly<Model>) => (this.how.startsWith("again") ? m.delivered.length > 0 : m.undelivered.length > 0);
  async act(m: Model) {
    collectEvents(m);
    if (this.how.startsWith("again")) {
      const index = pick(m.delivered, this.which);
      if (index === undefined) return;
      const res = await deliver(index, this.how === "again-new-id");
      m.log.push(`  redelivered ${standIn.state.deliveries[index]!.event.event_type}: ${JSON.stringify(res.body)}`);
      return;
    }
    if (this.how === "all") {
      while (m.undelivered.length) {
        const i = m.undelivered.shift()!;
        const res = await deliver(i, false);
        m.log.push(`  delivered ${standIn.state.deliveries[i]!.event.event_type}: ${JSON.stringify(res.body)}`);
        m.delivered.push(i);
        collectEvents(m);
      }
      return;
    }
    if (m.undelivered.length === 0) return;
    const at = this.how === "next" ? 0 : this.which % m.undelivered.length;
    const [index] = m.undelivered.splice(at, 1);
    const res = await deliver(index!, false);
    m.log.push(`  delivered ${standIn.state.deliveries[index!]!.event.event_type}: ${JSON.stringify(res.body)}`);
    m.delivered.push(index!);
    collectEvents(m);
  }
  toString = () => `DeliverWebhook(${this.which}, ${this.how})`;
}

class Refund extends Step {
  constructor(
    readonly order: number,
    readonly amount: "1.00" | "5.00" | "rest",
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    const o = pick(m.orders, this.order)!;
    const capture = await captureOf(o);
    if (!capture) return;
    await merchant
      .refundCapture(
        capture.id,
        this.amount === "rest" ? {} : { amount: { currency_code: "USD", value: this.amount } },
        `model-refund-${randomBytes(4).toString("hex")}`,
      )
      .catch(() => {});
    collectEvents(m);
  }
  toString = () => `Refund(${this.order}, ${this.amount})`;
}

class Reverse extends Step {
  constructor(readonly order: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async act(m: Model) {
    const o = pick(m.orders, this.order)!;
    const capture = await captureOf(o);
    if (capture?.status !== "COMPLETED" && capture?.status !== "PARTIALLY_REFUNDED") return;
    await standIn.state.reverseCapture(capture.id);
    collectEvents(m);
  }
  toString = () => `Reverse(${this.order})`;
}

class StartGeneration extends Step {
  constructor(
    readonly who: number,
    readonly mode: "hold" | "fail",
    readonly via: 0 | 1,
  ) {
    super();
  }
  // At most two held jobs at once: the workers' slots stay free for the others.
  check = (m: Readonly<Model>) => m.members.some((x) => !x.closed);
  async act(m: Model) {
    const member = pick(
      m.members.filter((x) => !x.closed),
      this.who,
    )!;
    const running = await Promise.all(m.jobs.filter((j) => j.mode === "hold").map((j) => jobStatus(j.id)));
    if (this.mode === "hold" && running.filter((r) => r && ["queued", "running"].includes(r.status)).length >= 2)
      return;
    const marker = this.mode === "hold" ? `[stand-in:hold:model-${randomBytes(4).toString("hex")}]` : "[stand-in:500]";
    const res = await on(this.via, member.client).request(
      "POST",
      "/api/generations",
      designForm(design, { instructions: marker }),
    );
    noServerError("generation", res);
    if (res.status !== 202) return;
    const id = res.body.data.jobs[0]._id as string;
    m.jobs.push({ member, id, mode: this.mode });
    if (this.mode === "fail") await untilEnded(id);
  }
  toString = () => `StartGeneration(${this.who}, ${this.mode}, via ${this.via})`;
}

class CancelGeneration extends Step {
  constructor(
    readonly job: number,
    readonly via: 0 | 1,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.jobs.length > 0;
  async act(m: Model) {
    const j = pick(m.jobs, this.job)!;
    const res = await on(this.via, j.member.client).post(`/api/generations/${j.id}/cancel`);
    // Cancelled and refunded, or no longer running: a refund is never refused (a negative balance included).
    if (!j.member.closed) expect([200, 409], `cancel: ${JSON.stringify(res.body)}`).toContain(res.status);
  }
  toString = () => `CancelGeneration(${this.job}, via ${this.via})`;
}

class RetryGeneration extends Step {
  constructor(readonly job: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.jobs.some((j) => j.mode === "fail");
  async act(m: Model) {
    const j = pick(
      m.jobs.filter((x) => x.mode === "fail"),
      this.job,
    )!;
    const res = await j.member.client.post(`/api/generations/${j.id}/retry`);
    noServerError("retry", res);
    if (res.status === 202) await untilEnded(j.id);
  }
  toString = () => `RetryGeneration(${this.job})`;
}

class AdminSetsBalance extends Step {
  constructor(
    readonly who: number,
    readonly to: number,
    readonly via: 0 | 1,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.members.some((x) => !x.closed);
  async act(m: Model) {
    const member = pick(
      m.members.filter((x) => !x.closed),
      this.who,
    )!;
    const res = await on(this.via, admin).put(`/api/users/${member.id}`, { currentBalance: this.to });
    m.log.push(`  set balance ${this.to}: ${res.status}`);
    noServerError("admin balance edit", res);
  }
  toString = () => `AdminSetsBalance(${this.who}, ${this.to}, via ${this.via})`;
}

class DeleteAccount extends Step {
  constructor(readonly who: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.members.some((x) => !x.closed);
  async act(m: Model) {
    const member = pick(
      m.members.filter((x) => !x.closed),
      this.who,
    )!;
    const res = await member.client.request("DELETE", "/api/me", { password: member.client.password });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    member.closed = true;
  }
  toString = () => `DeleteAccount(${this.who})`;
}

const via = fc.constantFrom<0 | 1>(0, 1);
const index = fc.oneof(fc.constant(-1), fc.nat(20));
const commands = [
  fc.constant(new AddMember()),
  fc.tuple(index, fc.nat(2), via).map(([w, p, v]) => new Buy(w, p, v)),
  fc.tuple(index, fc.nat(2), via).map(([w, p, v]) => new Buy(w, p, v)),
  fc.tuple(index, fc.boolean()).map(([o, d]) => new Approve(o, d)),
  fc.tuple(index, fc.constant(false)).map(([o, d]) => new Approve(o, d)),
  fc.tuple(index, via).map(([o, v]) => new CaptureFromPage(o, v)),
  fc.tuple(index, via).map(([o, v]) => new Pay(o, v)),
  fc.tuple(index, via).map(([o, v]) => new Pay(o, v)),
  index.map((o) => new PaypalCaptures(o)),
  fc
    .tuple(index, fc.constantFrom<DeliverWebhook["how"]>("next", "any", "all", "all", "again", "again-new-id"))
    .map(([w, h]) => new DeliverWebhook(w, h)),
  fc.tuple(index, fc.constantFrom<Refund["amount"]>("1.00", "5.00", "rest")).map(([o, a]) => new Refund(o, a)),
  index.map((o) => new Reverse(o)),
  fc
    .tuple(index, fc.constantFrom<"hold" | "fail">("hold", "fail"), via)
    .map(([w, mo, v]) => new StartGeneration(w, mo, v)),
  fc.tuple(index, via).map(([j, v]) => new CancelGeneration(j, v)),
  index.map((j) => new RetryGeneration(j)),
  fc.tuple(index, fc.constantFrom(0, 0, 1, 4, 60), via).map(([w, t, v]) => new AdminSetsBalance(w, t, v)),
  index.map((w) => new DeleteAccount(w)),
];

// ---------------------------------------------------------------------------------------------------------------
// Invariants, read from the database

const CREDITED = new Set(["Paid", "Partially refunded", "Refunded", "Reversed"]);

async function checkInvariants(where: string) {
  const db = server.ctx.db;
  const users = await db.select({ id: user.id, balance: user.currentBalance }).from(user);
  const ledger = await db.select().from(creditLedger);
  const pkgOrders = await db.select().from(packageOrders);
  const items = await db.select().from(itemOrders);
  const audits = await db.select().from(auditLog).where(eq(auditLog.targetType, "user"));
  const jobs = await db.select().from(generationJobs);
  const byUser = new Map<string, (typeof ledger)[number][]>();
  for (const row of ledger) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const orderByCode = new Map(pkgOrders.map((o) => [o.orderId, o]));
  const fail = (what: string, detail: unknown) => {
    throw new Error(`${where}: ${what}: ${JSON.stringify(detail)}`);
  };

  for (const u of users) {
    const rows = byUser.get(u.id) ?? [];
    // 1. The balance is the sum of the ledger.
    const sum = rows.reduce((s, r) => s + r.delta, 0);
    if (sum !== u.balance) fail("balance is not the sum of the ledger", { user: u, sum });
    // 4. Below zero only after a reversal: no spend other than a reversal leaves it negative.
    for (const r of rows) {
      if (r.delta < 0 && r.reason !== "payment_reversal" && r.balanceAfter < 0) fail("a spend went below zero", r);
    }
    if (u.balance < 0 && !rows.some((r) => r.reason === "payment_reversal")) fail("negative without a reversal", u);
    // 6. Every admin balance edit has its audit entry.
    const edits = rows.filter((r) => r.reason === "admin_adjustment").length;
    const audited = audits.filter((a) => a.targetId === u.id && a.after && "currentBalance" in a.after).length;
    if (edits !== audited) fail("admin balance edits without an audit entry", { user: u.id, edits, audited });
    if (rows.filter((r) => r.reason === "signup_bonus").length > 1) fail("two sign-up bonuses", u.id);
  }

  // 3. No credit without a cause.
  for (const r of ledger) {
    if (r.delta <= 0) continue;
    if (r.reason === "purchase") {
      const order = orderByCode.get(r.sourceKey.replace(/^purchase:/, ""));
      if (!order || order.userId !== r.userId || !order.paypalTransactionId || r.delta !== order.credit) {
        fail("a purchase credit without its captured order", { r, order });
      }
    } else if (r.reason === "refund") {
      const charge = r.sourceKey.replace(/^refund:/, "generation:");
      const charged = ledger.find((c) => c.sourceKey === charge && c.userId === r.userId && c.delta === -r.delta);
      if (!charged) fail("a generation refund without its charge", r);
      const job = jobs.find((j) => j.id === (r.meta as { generationId?: string } | null)?.generationId);
      if (job && job.status !== "failed" && job.status !== "cancelled" && job.charged) {
        fail("a refund for a job still charged", { r, job });
      }
    } else if (r.reason !== "admin_adjustment" && r.reason !== "signup_bonus") {
      fail("a credit of an unexpected reason", r);
    }
  }

  // 2. Every captured payment credited exactly once (or taken back by its refund).
  for (const o of pkgOrders) {
    if (!o.userId) continue; // a closed account's ledger left with it (kept in closed_accounts)
    const purchases = ledger.filter((r) => r.sourceKey === `purchase:${o.orderId}`);
    const credited = CREDITED.has(o.paymentStatus) && o.paidAt !== null;
    if (purchases.length !== (credited ? 1 : 0)) fail("a payment credited not exactly once", { o, purchases });
    const reversed = -ledger
      .filter((r) => r.reason === "payment_reversal" && (r.meta as { orderId?: string } | null)?.orderId === o.orderId)
      .reduce((s, r) => s + r.delta, 0);
    if (reversed !== o.creditsReversed || o.creditsReversed > o.credit) fail("reversed credits do not add up", o);
  }

  // 5. No pending order of a closed account.
  for (const o of [...pkgOrders, ...items]) {
    if (o.closedAccountRef && o.paymentStatus === "pending") fail("a pending order of a closed account", o);
  }
}

/** After a sequence: every webhook delivered; PayPal's money and our orders agree. */
async function settleAndCompare(m: Model) {
  for (let round = 0; round < 10; round++) {
    collectEvents(m);
    if (m.undelivered.length === 0) break;
    while (m.undelivered.length) {
      const index = m.undelivered.shift()!;
      await deliver(index, false);
      m.delivered.push(index);
    }
  }
  for (const j of m.jobs) {
    if (j.member.closed) continue;
    await j.member.client.post(`/api/generations/${j.id}/cancel`);
  }
  await checkInvariants("after the sequence");
  const rows = [
    ...(await server.ctx.db.select().from(packageOrders).where(isNotNull(packageOrders.paypalOrderId))),
    ...(await server.ctx.db.select().from(itemOrders).where(isNotNull(itemOrders.paypalOrderId))),
  ];
  for (const o of m.orders) {
    const capture = await captureOf(o);
    const row = rows.find((r) => r.id === o.id)!;
    if (!capture || capture.status === "DECLINED") {
      expect(["pending", "cancelled", "Failed"], `${o.orderId} not captured`).toContain(row.paymentStatus);
      continue;
    }
    // Money PayPal holds for us is always an order we credited (or delivered).
    const kept = Number(capture.amount.value) - Number(row.refundedAmount);
    if (capture.status === "COMPLETED" || capture.status === "PARTIALLY_REFUNDED") {
      expect(["Paid", "Partially refunded"], `${o.orderId}: PayPal kept ${kept}`).toContain(row.paymentStatus);
      expect(row.paypalTransactionId).toBe(capture.id);
    } else {
      expect(["Refunded", "Reversed"], `${o.orderId}: PayPal refunded it`).toContain(row.paymentStatus);
    }
  }
}

const newModel = (): Model => ({ members: [], orders: [], jobs: [], undelivered: [], delivered: [], log: [] });

/** One sequence through fast-check's model runner (a first member made in its setup), then every webhook and PayPal. */
async function runSequence(cmds: Iterable<Cmd>) {
  sequencesRun++;
  const model = newModel();
  // Every earlier delivery was handed over at its sequence's end. The stand-in keeps its last 1,000 and drops the
  // oldest, which would shift the indexes the model queues: each sequence starts from an empty list.
  standIn.state.deliveries.length = 0;
  seenDeliveries = 0;
  await fc.asyncModelRun(async () => {
    await new AddMember().run(model);
    return { model, real: {} };
  }, cmds);
  try {
    await settleAndCompare(model);
  } catch (err) {
    (err as Error).message += `\nsequence:\n${model.log.join("\n")}`;
    throw err;
  }
  sequencesEnded++;
}

/**
 * MONEY_MODEL_MINUTES, checked before a sequence begins. fast-check's own `interruptAfterTimeLimit` races the running
 * sequence against a timer and, when the timer wins, walks away from it: its commands went on against servers that
 * afterAll was closing, and its end (every webhook delivered, the money at PayPal compared) was never checked.
 * Here the runner is told to stop (`PreconditionFailure(true)`, fast-check's interrupt: a pass, as before) only
 * between sequences. Once a sequence has failed the limit no longer applies: the failure is shrunk to its end.
 */
function withinTime(deadline: number, run: (cmds: Iterable<Cmd>) => Promise<void>) {
  let failed = false;
  return async (cmds: Iterable<Cmd>) => {
    if (!failed && Date.now() >= deadline) throw new fc.PreconditionFailure(true);
    try {
      await run(cmds);
    } catch (err) {
      failed = true;
      throw err;
    }
  };
}

describe("the money paths as a state machine (fast-check model-based commands)", () => {
  it(`holds the invariants after every command (${RUNS} random sequences)`, async () => {
    const deadline = MINUTES > 0 ? Date.now() + MINUTES * 60_000 : Number.POSITIVE_INFINITY;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 30, size: "medium" }),
        withinTime(deadline, (cmds) => runSequence(cmds)),
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: Boolean(process.env.MONEY_MODEL_NO_SHRINK), verbose: 1 },
    );
    // Every sequence begun has ended: none is left running when the servers close.
    expect(sequencesEnded).toBe(sequencesRun);
    const stopped = sequencesRun < RUNS ? `, stopped after ${MINUTES} minutes` : "";
    console.log(`money model: ${sequencesRun} sequences run to their end${stopped} (seed ${SEED})`);
  });
});

/** Sequences the model found, shrunk, kept as plain regression tests. */
describe("money-model regressions", () => {
  it("a member whose balance a reversal made negative buys again: the capture is credited (issue 44 item 1)", async () => {
    await runSequence([
      new Buy(0, 1, 0),
      new Approve(0, false),
      new CaptureFromPage(0, 0),
      new AdminSetsBalance(0, 0, 1),
      new Reverse(0),
      new DeliverWebhook(0, "all"),
      new Buy(0, 0, 1),
      new Approve(1, false),
      new CaptureFromPage(1, 1),
    ]);
  });

  it("a generation charged before a reversal is cancelled on the negative balance and refunded", async () => {
    await runSequence([
      new Buy(0, 1, 0),
      new Approve(0, false),
      new CaptureFromPage(0, 0),
      new StartGeneration(0, "hold", 0),
      new AdminSetsBalance(0, 0, 0),
      new Reverse(0),
      new DeliverWebhook(0, "all"),
      new CancelGeneration(0, 1),
    ]);
  });

  it("an account deleted with an approved order: PayPal's late capture is refunded, never kept", async () => {
    await runSequence([
      new Buy(0, 0, 0),
      new Approve(0, false),
      new DeleteAccount(0),
      new PaypalCaptures(0),
      new DeliverWebhook(0, "all"),
      new DeliverWebhook(0, "again-new-id"),
    ]);
  });

  it("PayPal captures and reverses before any of its events reach us: the payment is recorded, then taken back", async () => {
    // Found by `npm run test:money-model` (seed 1755095291, sequence 11, once the 429 below no longer hid it): the
    // order stayed pending, its capture refused as no longer COMPLETED and the reversal unmatched.
    await runSequence([new Buy(-1, 0, 0), new Approve(0, false), new PaypalCaptures(-1), new Reverse(-1)]);
  });

  it("after the stand-in's 1,000 kept deliveries a reversal is still handed over and applied", async () => {
    // Found by `npm run test:money-model` (seed 1755095291, sequence 572): the stand-in dropped its oldest delivery
    // for each new one, the model's indexes no longer grew, and the reversal was never delivered.
    const filler = { event: { id: "WH-FILLER", event_type: "FILLER", resource: {} }, body: "{}", status: 200 };
    while (standIn.state.deliveries.length < 1000) standIn.state.deliveries.push(filler);
    await runSequence([new Buy(-1, 0, 0), new Pay(-1, 0), new Reverse(0), new AdminSetsBalance(-1, 0, 0)]);
  });

  it("the webhook route's per-address limit, reached by earlier sequences, delays a delivery and fails nothing", async () => {
    // Found by `npm run test:money-model` (seed 1755095291, after 11 sequences): PayPal's CHECKOUT.ORDER.APPROVED
    // answered 429 at the end of this sequence. Here the limit of the first instance is spent first.
    let limited = false;
    for (let i = 0; i < 130 && !limited; i++) {
      const res = await fetch(`${server.url}/api/paypal/webhook`, { method: "POST" });
      limited = res.status === 429;
      await res.body?.cancel();
    }
    expect(limited).toBe(true);
    await runSequence([
      new Buy(-1, 1, 0),
      new Approve(12, true),
      new StartGeneration(9, "hold", 1),
      new AddMember(),
      new Reverse(0),
      new StartGeneration(6, "hold", 0),
      new AddMember(),
      new Reverse(-1),
    ]);
  });
});
