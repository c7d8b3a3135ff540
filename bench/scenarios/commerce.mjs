/**
 * Commerce: the public package list (served from memory) and the whole purchase path against the
 * offline PayPal stand-in over HTTP: new order → PayPal order → buyer approval → capture (credits granted).
 * The bench server runs with NODE_ENV=production, so the embedded stand-in is off: setup() starts one on
 * loopback and points PAYPAL_API_BASE at it; the scenario stores merchant credentials as the admin would.
 */
import { performance } from "node:perf_hooks";

let standIn;

export async function setup() {
  // The stand-in is TypeScript inside the server package; tsx (a server devDependency) loads it.
  const { tsImport } = await import("tsx/esm/api");
  const { startPaypalStandIn } = await tsImport("../../apps/server/stand-ins/paypal.ts", import.meta.url);
  standIn = await startPaypalStandIn();
  return { env: { PAYPAL_API_BASE: standIn.url }, teardown: () => standIn.close() };
}

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Orders per member stay under the per-member limit of 30 new orders a minute. */
const PER_MEMBER = 10;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}

async function call(baseUrl, cookie, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl, cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signUp(baseUrl, i) {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      email: `buyer-${i}-${Date.now()}@bench.local`,
      password: "bench-password-1",
      name: `Buyer ${i}`,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export default [
  { name: "GET /api/packages (public, cached)", type: "http", method: "GET", path: "/api/packages" },
  {
    name: "purchase: new order → PayPal create → approve → capture",
    type: "custom",
    async run({ baseUrl, cookieFor }) {
      const admin = await cookieFor("admin");
      await call(baseUrl, admin, "PUT", "/api/paypal-settings", {
        clientId: "bench-merchant",
        clientSecret: "bench-merchant-secret",
        mode: "sandbox",
        currency: "USD",
        enablePayPal: true,
        buttonStyles: { layout: "vertical", color: "blue", shape: "rect", label: "paypal" },
      });
      const [pkg] = await call(baseUrl, "", "GET", "/api/packages");
      const members = [];
      for (let i = 0; i < Math.ceil(ORDERS / PER_MEMBER); i++) members.push(await signUp(baseUrl, i));
      // The sign-up bonus waits for a verified address: count from each member's starting balance.
      const startBalance = [];
      for (const cookie of members)
        startBalance.push((await call(baseUrl, cookie, "GET", "/api/me")).user.currentBalance);

      const latencies = [];
      const paidPerMember = members.map(() => 0);
      const failures = [];
      let next = 0;
      const started = performance.now();
      async function worker() {
        for (;;) {
          const n = next++;
          if (n >= ORDERS) return;
          const m = Math.floor(n / PER_MEMBER);
          const cookie = members[m];
          const t0 = performance.now();
          try {
            const order = await call(baseUrl, cookie, "POST", "/api/new-order", {
              packageId: pkg._id,
              customerName: "Bench Buyer",
              address: "1 Bench Road",
              country: "Germany",
            });
            const pp = await call(baseUrl, cookie, "POST", "/api/paypal/create-order", {
              kind: "package",
              id: order.data._id,
            });
            const approve = await fetch(`${standIn.url}/checkoutnow/approve`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ token: pp.id, action: "approve" }),
              redirect: "manual",
            });
            if (approve.status !== 303) throw new Error(`approve → ${approve.status}`);
            const cap = await call(baseUrl, cookie, "POST", "/api/paypal/capture-order", {
              kind: "package",
              id: order.data._id,
              paypalOrderId: pp.id,
            });
            if (cap.result !== "paid") throw new Error(`capture → ${cap.result}`);
            latencies.push(performance.now() - t0);
            paidPerMember[m] += 1;
          } catch (err) {
            failures.push(String(err.message ?? err).slice(0, 200));
          }
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;

      // Every member's balance is its starting balance plus exactly its paid orders' credits.
      let creditsOk = true;
      for (const [i, cookie] of members.entries()) {
        const me = await call(baseUrl, cookie, "GET", "/api/me");
        if (me.user.currentBalance !== startBalance[i] + paidPerMember[i] * pkg.credit) creditsOk = false;
      }
      latencies.sort((a, b) => a - b);
      const round = (v) => Math.round(v * 10) / 10;
      return {
        orders: latencies.length,
        failures: failures.length,
        firstFailure: failures[0],
        concurrency: CONCURRENCY,
        ordersPerSec: round(latencies.length / seconds),
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        creditsMatchPaidOrders: creditsOk,
      };
    },
  },
];
