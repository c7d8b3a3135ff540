import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import {
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  STANDIN_PREFIX,
  STANDIN_WEBHOOK_ID,
} from "../src/adapters/paypal/offline-demo.js";
import { rawMemberValue } from "../src/adapters/paypal/raw-json.js";
import type {
  PaypalCapture,
  PaypalCreateOrderRequest,
  PaypalErrorBody,
  PaypalLink,
  PaypalOrder,
  PaypalRefund,
  PaypalRefundRequest,
  PaypalWebhookEvent,
} from "../src/adapters/paypal/types.js";

/**
 * An offline stand-in for the PayPal REST endpoints this product calls, following PayPal's documented
 * request and response shapes: OAuth client credentials, Orders v2 create / get / capture (with
 * PayPal-Request-Id idempotency and the 4xx error bodies), webhook signature verification, a buyer
 * approval page, and optional PAYMENT.CAPTURE.COMPLETED webhook delivery signed with RSA-SHA256.
 *
 * Mounted inside the app under /paypal-standin for the offline demo (stand-ins/demo.ts; never when
 * NODE_ENV=production), or started on its own port by tests and the bench (`startPaypalStandIn`).
 */
export interface StandInOptions {
  /** Base URL the buyer's browser uses for links (approval page). Default: from the request. */
  publicBaseUrl?: string;
  /** Where to deliver PAYMENT.CAPTURE.COMPLETED (optional). */
  webhookUrl?: string;
  /** Deliver only these event types (unset: every one). */
  webhookEvents?: readonly string[];
  /** The webhook id signatures are bound to. */
  webhookId?: string;
  /** The buyer who approves on the approval page. */
  buyerEmail?: string;
  /** Keep at most this many orders (least recently used dropped; orders also expire after 3 days). */
  maxOrders?: number;
  /**
   * Origins the approval page may send the buyer back to (return_url / cancel_url). Unset: the origin of
   * publicBaseUrl when given, else any (a standalone stand-in for tests). Other targets are refused at create time.
   */
  returnOrigins?: string[];
  /** How webhook bodies are written: compact (default) or pretty-printed with \u escapes. */
  webhookStyle?: "compact" | "pretty";
  /** Keep every request and answer in `state.exchanges` (contract tests validate them against PayPal's specs). */
  recordTraffic?: boolean;
}

/** One request to the stand-in and its answer, as seen on the wire (bodies parsed from JSON when they are JSON). */
export interface StandInExchange {
  method: string;
  /** The route pattern, e.g. /v2/checkout/orders/:id/capture */
  route: string;
  requestBody: unknown;
  /** The headers PayPal's documents name for these operations (idempotency and the answer's size). */
  requestHeaders: { "paypal-request-id"?: string; prefer?: string };
  status: number;
  responseBody: unknown;
}

export const STANDIN_BUYER_EMAIL = "sb-buyer@personal.example.com";
export { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, STANDIN_PREFIX, STANDIN_WEBHOOK_ID };

/** What the stand-in's one webhook is subscribed to (the events it can deliver). */
const STANDIN_WEBHOOK_EVENTS = [
  "CHECKOUT.ORDER.APPROVED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
];

interface StoredOrder {
  clientId: string;
  order: PaypalOrder;
  returnUrl?: string;
  cancelUrl?: string;
  /** The buyer approved with a funding source that fails at capture (approval page: "card declined"). */
  declineAtCapture?: boolean;
  /** The buyer approved with a funding source that settles later (approval page: "eCheck, pending"). */
  pendingAtCapture?: boolean;
  /** A capture was declined: the buyer must approve again (PayPal's restart) before a capture can succeed. */
  needsRestart?: boolean;
}

const SUPPORTED_CURRENCIES = new Set([
  "AUD",
  "BRL",
  "CAD",
  "CHF",
  "CZK",
  "DKK",
  "EUR",
  "GBP",
  "HKD",
  "HUF",
  "ILS",
  "JPY",
  "MXN",
  "NOK",
  "NZD",
  "PHP",
  "PLN",
  "SEK",
  "SGD",
  "THB",
  "USD",
]);
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function paypalId(length = 17): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += ALNUM[bytes[i]! % ALNUM.length];
  return out;
}

/** Payer and merchant ids: 13 characters of PayPal's alphabet (no 0, 1, I or O). */
const PAYER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
function payerId(seed?: string): string {
  const bytes = seed ? createHash("sha256").update(seed).digest() : randomBytes(13);
  let out = "";
  for (let i = 0; i < 13; i++) out += PAYER_ALPHABET[bytes[i]! % PAYER_ALPHABET.length];
  return out;
}

function debugId() {
  return randomBytes(7).toString("hex").slice(0, 13);
}

function error(
  status: number,
  name: string,
  message: string,
  issue?: string,
  description?: string,
  extra: Partial<NonNullable<PaypalErrorBody["details"]>[number]> = {},
): { status: number; body: PaypalErrorBody } {
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      ...(issue ? { details: [{ ...extra, issue, description: description ?? issue }] } : {}),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  };
}

/** An error of the Payments v2 API (captures, refunds): as error(), its information link in PayPal's payments reference. */
function paymentsError(...args: Parameters<typeof error>) {
  const made = error(...args);
  made.body.links = [
    {
      href: `https://developer.paypal.com/docs/api/payments/v2/#error-${args[3] ?? args[1]}`,
      rel: "information_link",
      method: "GET",
    },
  ];
  if (args[3] === "INVALID_RESOURCE_ID") {
    made.body.details = [
      {
        issue: "INVALID_RESOURCE_ID",
        description: "Specified resource ID does not exist. Please check the resource ID and try again.",
      },
    ];
  }
  return made;
}

const UNPROCESSABLE =
  "The requested action could not be performed, semantically incorrect, or failed business validation.";
const INVALID_REQUEST = "Request is not well-formed, syntactically incorrect, or violates schema.";

const HOUR = 60 * 60 * 1000;
const MAX_DELIVERIES = 1000;

/**
 * In-memory state, bounded: every map is an LRU with a lifetime, so anonymous callers cannot grow it without limit.
 * A client is identified by its id AND secret (digest): a caller guessing secrets gets an empty account of its own
 * instead of locking the real client out.
 */
export class PaypalStandInState {
  readonly tokens = new LRUCache<string, { clientId: string; account: string; expiresAt: number }>({
    max: 10_000,
    ttl: 9 * HOUR,
  });
  readonly orders: LRUCache<string, StoredOrder>;
  readonly idempotent = new LRUCache<string, { status: number; body: unknown }>({ max: 10_000, ttl: 6 * HOUR });
  readonly deliveries: { event: PaypalWebhookEvent; body: string; status: number | null }[] = [];
  readonly exchanges: StandInExchange[] = [];
  /** Refunds by id, and captures by id → their order id. */
  readonly refunds = new LRUCache<string, PaypalRefund & { captureId: string }>({ max: 10_000, ttl: 72 * HOUR });
  readonly captureOrders = new LRUCache<string, string>({ max: 10_000, ttl: 72 * HOUR });
  /** Test hook: how the next refunds end (PayPal answers 201 with a PENDING or FAILED refund too). */
  refundOutcome: PaypalRefund["status"] = "COMPLETED";
  /** The stand-in's own API base as its callers reach it (for links and webhook cert URLs). */
  apiBase = "";
  private keys?: { privateKey: string; publicKey: string };

  constructor(public options: StandInOptions = {}) {
    this.orders = new LRUCache({ max: options.maxOrders ?? 10_000, ttl: 72 * HOUR });
  }

  /** Where the buyer may be sent back to, or null for anywhere. */
  returnOrigins(): Set<string> | null {
    if (this.options.returnOrigins) return new Set(this.options.returnOrigins.map((o) => new URL(o).origin));
    if (this.options.publicBaseUrl) return new Set([new URL(this.options.publicBaseUrl).origin]);
    return null;
  }

  keyPair() {
    this.keys ??= generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    return this.keys;
  }

  remember(key: string, value: StoredOrder) {
    this.orders.set(key, value);
  }

  /** The capture with this id, and the order holding it. */
  findCapture(captureId: string): { stored: StoredOrder; capture: PaypalCapture } | null {
    const orderId = this.captureOrders.get(captureId);
    const stored = orderId ? this.orders.get(orderId) : undefined;
    const capture = stored?.order.purchase_units?.[0]?.payments?.captures?.find((c) => c.id === captureId);
    return stored && capture ? { stored, capture } : null;
  }

  /** Test hook: a PENDING capture clears (PAYMENT.CAPTURE.COMPLETED) or is denied (PAYMENT.CAPTURE.DENIED). */
  async settlePendingCapture(captureId: string, outcome: "COMPLETED" | "DENIED") {
    const found = this.findCapture(captureId);
    if (found?.capture.status !== "PENDING") throw new Error(`no pending capture ${captureId}`);
    found.capture.status = outcome === "COMPLETED" ? "COMPLETED" : "DECLINED";
    delete (found.capture as { status_details?: unknown }).status_details;
    found.capture.update_time = new Date().toISOString();
    const eventType = outcome === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DENIED";
    return deliverEvent(this, eventType, "capture", captureResource(found.stored.order, found.capture));
  }

  /** Test hook: the buyer's bank or a lost dispute takes the whole capture back (PAYMENT.CAPTURE.REVERSED). */
  async reverseCapture(captureId: string) {
    const found = this.findCapture(captureId);
    if (!found) throw new Error(`no capture ${captureId}`);
    const refund = recordRefund(
      this,
      found.capture,
      Number(found.capture.amount.value) - refundedSoFar(this, captureId),
    );
    return deliverEvent(this, "PAYMENT.CAPTURE.REVERSED", "refund", publicRefund(refund));
  }

  /** PayPal's transmission signature input: id|time|webhookId|crc32(body). */
  static signedText(transmissionId: string, time: string, webhookId: string, body: string) {
    return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;
  }
}

function money(currency: string, value: number) {
  return { currency_code: currency, value: value.toFixed(2) };
}

function orderLinks(base: string, order: PaypalOrder, approvalRel: "approve" | "payer-action" | null): PaypalLink[] {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links: PaypalLink[] = [{ href: self, rel: "self", method: "GET" }];
  if (approvalRel) links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: approvalRel, method: "GET" });
  if (order.status !== "COMPLETED") {
    links.push({ href: self, rel: "update", method: "PATCH" });
    links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
  }
  return links;
}

/** Validates an Orders v2 create request the way PayPal does for the fields we use. */
function validateCreate(body: unknown): { status: number; body: PaypalErrorBody } | null {
  const req = body as Partial<PaypalCreateOrderRequest> | undefined;
  if (!req || typeof req !== "object") return error(400, "INVALID_REQUEST", INVALID_REQUEST, "MALFORMED_REQUEST_JSON");
  if (req.intent !== "CAPTURE" && req.intent !== "AUTHORIZE") {
    return error(
      400,
      "INVALID_REQUEST",
      INVALID_REQUEST,
      req.intent ? "INVALID_PARAMETER_VALUE" : "MISSING_REQUIRED_PARAMETER",
      "A required field / parameter is missing.",
      { field: "/intent", location: "body" },
    );
  }
  if (!Array.isArray(req.purchase_units) || req.purchase_units.length === 0) {
    return error(
      400,
      "INVALID_REQUEST",
      INVALID_REQUEST,
      "MISSING_REQUIRED_PARAMETER",
      "A required field / parameter is missing.",
      { field: "/purchase_units", location: "body" },
    );
  }
  for (const [i, unit] of req.purchase_units.entries()) {
    const amount = unit?.amount;
    if (!amount?.currency_code || amount.value === undefined) {
      return error(
        400,
        "INVALID_REQUEST",
        INVALID_REQUEST,
        "MISSING_REQUIRED_PARAMETER",
        "A required field / parameter is missing.",
        { field: `/purchase_units/@reference_id=='${unit?.reference_id ?? "default"}'/amount`, location: "body" },
      );
    }
    if (!SUPPORTED_CURRENCIES.has(amount.currency_code)) {
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        UNPROCESSABLE,
        "CURRENCY_NOT_SUPPORTED",
        "Currency code is not currently supported.",
      );
    }
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(String(amount.value))) {
      return error(
        400,
        "INVALID_REQUEST",
        INVALID_REQUEST,
        "DECIMAL_PRECISION",
        "If the currency supports decimals, only two decimal place precision is supported.",
        { field: `/purchase_units/${i}/amount/value`, location: "body" },
      );
    }
    const total = Number(amount.value);
    if (total <= 0)
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        UNPROCESSABLE,
        "CANNOT_BE_ZERO_OR_NEGATIVE",
        "Must be greater than zero.",
      );
    const b = amount.breakdown;
    if (b) {
      for (const part of [b.item_total, b.handling]) {
        if (part && part.currency_code !== amount.currency_code) {
          return error(
            422,
            "UNPROCESSABLE_ENTITY",
            UNPROCESSABLE,
            "CURRENCY_MISMATCH",
            "Currency code should be same across all amounts.",
          );
        }
      }
      const sum = Number(b.item_total?.value ?? 0) + Number(b.handling?.value ?? 0);
      if (Math.round(sum * 100) !== Math.round(total * 100)) {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "AMOUNT_MISMATCH",
          "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
        );
      }
    }
    if (unit.custom_id && unit.custom_id.length > 127) {
      return error(
        400,
        "INVALID_REQUEST",
        INVALID_REQUEST,
        "INVALID_STRING_LENGTH",
        "The value of a field is either too short or too long.",
      );
    }
  }
  return null;
}

function minimal(order: PaypalOrder) {
  return { id: order.id, status: order.status, links: order.links };
}

function wantsRepresentation(req: FastifyRequest) {
  return String(req.headers.prefer ?? "").includes("return=representation");
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The stand-in's routes as a Fastify plugin (register with a prefix to mount it inside an app). */
export function paypalStandInPlugin(state: PaypalStandInState) {
  return async function plugin(app: FastifyInstance) {
    const config = { access: "public" as const };
    // PayPal's API, not ours: kept out of the OpenAPI document.
    app.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.addHook("onRequest", async (req) => {
      state.apiBase = `${req.protocol}://${req.host}${app.prefix}`;
    });
    if (state.options.recordTraffic) {
      app.addHook("onSend", async (req, reply, payload) => {
        const parse = (v: unknown) => {
          if (typeof v !== "string") return v;
          try {
            return JSON.parse(v);
          } catch {
            return v;
          }
        };
        state.exchanges.push({
          method: req.method,
          route: req.routeOptions.url ?? req.url,
          requestBody: parse(req.body),
          requestHeaders: {
            ...(typeof req.headers["paypal-request-id"] === "string"
              ? { "paypal-request-id": req.headers["paypal-request-id"] }
              : {}),
            ...(typeof req.headers.prefer === "string" ? { prefer: req.headers.prefer } : {}),
          },
          status: reply.statusCode,
          responseBody: parse(payload),
        });
        return payload;
      });
    }

    const base = (req: FastifyRequest) =>
      (state.options.publicBaseUrl ?? `${req.protocol}://${req.host}${app.prefix}`).replace(/\/$/, "");

    const send = (reply: FastifyReply, r: { status: number; body: unknown }) =>
      reply.status(r.status).header("paypal-debug-id", debugId()).send(r.body);

    function authClient(req: FastifyRequest): string | null {
      const header = req.headers.authorization ?? "";
      const m = /^Bearer (.+)$/.exec(header);
      const hit = m ? state.tokens.get(m[1]!) : undefined;
      if (!hit || hit.expiresAt < Date.now()) return null;
      return hit.account;
    }
    const authFailure = {
      status: 401,
      body: {
        name: "AUTHENTICATION_FAILURE",
        message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        debug_id: debugId(),
        links: [{ href: "https://developer.paypal.com/docs/api/overview/#error", rel: "information_link" }],
      },
    };

    app.post("/v1/oauth2/token", { config }, async (req, reply) => {
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      const [id, secret] = m ? Buffer.from(m[1]!, "base64").toString().split(":") : [];
      const grant = (req.body as Record<string, string> | undefined)?.grant_type;
      if (!id || !secret) {
        return reply.status(401).send({ error: "invalid_client", error_description: "Client Authentication failed" });
      }
      if (grant !== "client_credentials") {
        return reply.status(400).send({ error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
      }
      const token = `A21AA${randomBytes(24).toString("base64url")}`;
      const expiresIn = 32400;
      const account = `${id}#${createHash("sha256").update(secret).digest("base64url").slice(0, 16)}`;
      state.tokens.set(token, { clientId: id, account, expiresAt: Date.now() + expiresIn * 1000 });
      return {
        scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks",
        access_token: token,
        token_type: "Bearer",
        app_id: `APP-${paypalId(17)}`,
        expires_in: expiresIn,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString("hex")}`,
      };
    });

    app.post("/v2/checkout/orders", { config }, async (req, reply) => {
      const clientId = authClient(req);
      if (!clientId) return send(reply, authFailure);
      const requestId = req.headers["paypal-request-id"];
      const idemKey = typeof requestId === "string" ? `create|${clientId}|${requestId}` : null;
      if (idemKey) {
        const prior = state.idempotent.get(idemKey);
        if (prior) {
          const stored = state.orders.get(prior.body as string);
          if (stored) return reply.status(200).send(wantsRepresentation(req) ? stored.order : minimal(stored.order));
        }
      }
      const invalid = validateCreate(req.body);
      if (invalid) return send(reply, invalid);
      const body = req.body as PaypalCreateOrderRequest;
      const experience = body.payment_source?.paypal?.experience_context;
      const allowed = state.returnOrigins();
      for (const target of [experience?.return_url, experience?.cancel_url]) {
        if (target === undefined) continue;
        let origin: string | null = null;
        try {
          origin = new URL(target).origin;
        } catch {
          origin = null;
        }
        if (!origin || !/^https?:/.test(target) || (allowed && !allowed.has(origin))) {
          return send(
            reply,
            error(
              422,
              "UNPROCESSABLE_ENTITY",
              UNPROCESSABLE,
              "INVALID_PARAMETER_VALUE",
              "The value of a field is invalid.",
            ),
          );
        }
      }
      const now = new Date().toISOString();
      const order: PaypalOrder = {
        id: paypalId(),
        intent: body.intent,
        status: experience ? "PAYER_ACTION_REQUIRED" : "CREATED",
        ...(experience ? { payment_source: { paypal: {} } } : {}),
        purchase_units: body.purchase_units.map((u) => ({
          reference_id: u.reference_id ?? "default",
          amount: u.amount,
          payee: {
            email_address: "sb-merchant@business.example.com",
            merchant_id: payerId(clientId.split("#")[0]!),
          },
          ...(u.description ? { description: u.description } : {}),
          ...(u.custom_id ? { custom_id: u.custom_id } : {}),
          ...(u.invoice_id ? { invoice_id: u.invoice_id } : {}),
        })),
        create_time: now,
        update_time: now,
      };
      order.links = orderLinks(base(req), order, experience ? "payer-action" : "approve");
      state.remember(order.id, {
        clientId,
        order,
        returnUrl: experience?.return_url,
        cancelUrl: experience?.cancel_url,
      });
      if (idemKey) state.idempotent.set(idemKey, { status: 201, body: order.id });
      return reply.status(201).send(wantsRepresentation(req) ? order : minimal(order));
    });

    const notFound = (id: string) =>
      error(
        404,
        "RESOURCE_NOT_FOUND",
        "The specified resource does not exist.",
        "INVALID_RESOURCE_ID",
        "Specified resource ID does not exist. Please check the resource ID and try again.",
        { field: "order_id", value: id, location: "path" },
      );

    app.get("/v2/checkout/orders/:id", { config }, async (req, reply) => {
      const clientId = authClient(req);
      if (!clientId) return send(reply, authFailure);
      const { id } = req.params as { id: string };
      const stored = state.orders.get(id);
      if (!stored || stored.clientId !== clientId) return send(reply, notFound(id));
      return stored.order;
    });

    app.post("/v2/checkout/orders/:id/capture", { config }, async (req, reply) => {
      const clientId = authClient(req);
      if (!clientId) return send(reply, authFailure);
      const { id } = req.params as { id: string };
      const requestId = req.headers["paypal-request-id"];
      const idemKey = typeof requestId === "string" ? `capture|${clientId}|${id}|${requestId}` : null;
      const prior = idemKey ? state.idempotent.get(idemKey) : undefined;
      if (prior) return reply.status(prior.status).send(prior.body);
      const result = capture(req, clientId, id);
      // PayPal replays the first answer to a retried request with the same PayPal-Request-Id.
      if (idemKey && result.status < 500) state.idempotent.set(idemKey, result);
      return send(reply, result);
    });

    function capture(req: FastifyRequest, clientId: string, id: string): { status: number; body: unknown } {
      const stored = state.orders.get(id);
      if (!stored || stored.clientId !== clientId) return notFound(id);
      const order = stored.order;
      if (order.status === "COMPLETED") {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "ORDER_ALREADY_CAPTURED",
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      if (order.status === "VOIDED") {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "ORDER_CANNOT_BE_SAVED",
          "The order cannot be captured: it was voided.",
        );
      }
      if (order.status !== "APPROVED") {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "ORDER_NOT_APPROVED",
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        );
      }
      if (stored.declineAtCapture || stored.needsRestart) {
        // PayPal's answer when the buyer's funding source fails, and again to any capture (whatever its request id)
        // until the buyer restarts: approves again with another source.
        stored.declineAtCapture = false;
        stored.needsRestart = true;
        order.links = orderLinks(base(req), order, "payer-action");
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "INSTRUMENT_DECLINED",
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      const now = new Date().toISOString();
      const unit = order.purchase_units![0]!;
      const gross = Number(unit.amount!.value);
      const currency = unit.amount!.currency_code;
      const fee = Math.round((gross * 0.0349 + 0.49) * 100) / 100;
      const captureId = paypalId();
      const pending = stored.pendingAtCapture === true;
      const cap: PaypalCapture = {
        id: captureId,
        status: pending ? "PENDING" : "COMPLETED",
        ...(pending ? { status_details: { reason: "ECHECK" } } : {}),
        amount: money(currency, gross),
        final_capture: true,
        seller_protection: {
          status: "ELIGIBLE",
          dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"],
        },
        seller_receivable_breakdown: {
          gross_amount: money(currency, gross),
          paypal_fee: money(currency, fee),
          net_amount: money(currency, Math.max(0, gross - fee)),
        },
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        links: [
          { href: `${base(req)}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
          { href: `${base(req)}/v2/payments/captures/${captureId}/refund`, rel: "refund", method: "POST" },
          { href: `${base(req)}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
        ],
        create_time: now,
        update_time: now,
      };
      order.status = "COMPLETED";
      order.update_time = now;
      unit.payments = { captures: [cap] };
      order.links = orderLinks(base(req), order, null);
      state.captureOrders.set(captureId, order.id);
      void deliverEvent(
        state,
        pending ? "PAYMENT.CAPTURE.PENDING" : "PAYMENT.CAPTURE.COMPLETED",
        "capture",
        captureResource(order, cap),
      );
      const body = wantsRepresentation(req)
        ? order
        : {
            id: order.id,
            status: order.status,
            payment_source: order.payment_source,
            purchase_units: [{ reference_id: unit.reference_id, payments: { captures: [cap] } }],
            payer: order.payer,
            links: order.links,
          };
      return { status: 201, body };
    }

    app.get("/v2/payments/captures/:id", { config }, async (req, reply) => {
      const clientId = authClient(req);
      if (!clientId) return send(reply, authFailure);
      const { id } = req.params as { id: string };
      const found = state.findCapture(id);
      if (!found || found.stored.clientId !== clientId) {
        return send(
          reply,
          paymentsError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID"),
        );
      }
      return send(reply, { status: 200, body: captureResource(found.stored.order, found.capture) });
    });

    app.post("/v2/payments/captures/:id/refund", { config }, async (req, reply) => {
      const clientId = authClient(req);
      if (!clientId) return send(reply, authFailure);
      const { id } = req.params as { id: string };
      const requestId = req.headers["paypal-request-id"];
      const idemKey = typeof requestId === "string" ? `refund|${clientId}|${id}|${requestId}` : null;
      const prior = idemKey ? state.idempotent.get(idemKey) : undefined;
      if (prior) return reply.status(prior.status).send(prior.body);
      const found = state.findCapture(id);
      if (!found || found.stored.clientId !== clientId) {
        return send(
          reply,
          paymentsError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID"),
        );
      }
      const result = refund(found.capture, req.body as PaypalRefundRequest | undefined);
      if (idemKey) state.idempotent.set(idemKey, result);
      if (result.status !== 201) return send(reply, result);
      // Prefer: return=minimal (PayPal's default) answers the id, the status and the links only.
      const body = result.body as PaypalRefund;
      return send(reply, {
        status: 201,
        body: wantsRepresentation(req) ? body : { id: body.id, status: body.status, links: body.links },
      });
    });

    /** PayPal's refund rules for the cases the stand-in can meet; issues and descriptions as its document words them. */
    function refund(cap: PaypalCapture, asked: PaypalRefundRequest | undefined): { status: number; body: unknown } {
      const unprocessable = (issue: string, description: string) =>
        paymentsError(422, "UNPROCESSABLE_ENTITY", UNPROCESSABLE, issue, description);
      if (cap.status === "REFUNDED") {
        return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
      }
      if (cap.status === "PENDING") {
        return unprocessable(
          "PENDING_CAPTURE",
          "Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.",
        );
      }
      if (cap.status !== "COMPLETED" && cap.status !== "PARTIALLY_REFUNDED") {
        return unprocessable("REFUND_NOT_ALLOWED", "Capture cannot be refunded.");
      }
      const left = Number(cap.amount.value) - refundedSoFar(state, cap.id);
      if (asked?.amount) {
        const { currency_code, value } = asked.amount;
        if (typeof value !== "string" || !/^-?\d+(\.\d+)?$/.test(value)) {
          return paymentsError(
            400,
            "INVALID_REQUEST",
            INVALID_REQUEST,
            "INVALID_PARAMETER_SYNTAX",
            "INVALID_PARAMETER_SYNTAX",
            {
              field: "/amount/value",
              location: "body",
            },
          );
        }
        if (currency_code !== cap.amount.currency_code) {
          return unprocessable(
            "REFUND_CAPTURE_CURRENCY_MISMATCH",
            "Refund must be in the same currency as the capture",
          );
        }
        if (/\.\d{3,}$/.test(value)) return unprocessable("DECIMAL_PRECISION", "DECIMAL_PRECISION");
        if (!(Number(value) > 0)) return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "CANNOT_BE_ZERO_OR_NEGATIVE");
        if (Math.round(Number(value) * 100) > Math.round(left * 100)) {
          return unprocessable(
            "REFUND_AMOUNT_EXCEEDED",
            "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
          );
        }
      }
      const made = recordRefund(state, cap, asked?.amount ? Number(asked.amount.value) : left, state.refundOutcome);
      if (made.status === "COMPLETED") {
        void deliverEvent(state, "PAYMENT.CAPTURE.REFUNDED", "refund", publicRefund(made));
      }
      return { status: 201, body: publicRefund(made) };
    }

    // GET /v1/notifications/webhooks/{id}: the stand-in knows one webhook, the one its signatures are bound to.
    app.get("/v1/notifications/webhooks/:id", { config }, async (req, reply) => {
      if (!authClient(req)) return send(reply, authFailure);
      const { id } = req.params as { id: string };
      const known = state.options.webhookId ?? STANDIN_WEBHOOK_ID;
      if (id !== known) {
        return send(reply, {
          status: 404,
          body: {
            name: "INVALID_RESOURCE_ID",
            message: "Resource id is invalid.",
            debug_id: debugId(),
            details: [{ issue: "INVALID_RESOURCE_ID", description: "Webhook id is invalid." }],
            links: [
              {
                href: "https://developer.paypal.com/docs/api/webhooks/v1/#error-INVALID_RESOURCE_ID",
                rel: "information_link",
                method: "GET",
              },
            ],
          },
        });
      }
      const self = `${base(req)}/v1/notifications/webhooks/${id}`;
      return send(reply, {
        status: 200,
        body: {
          id,
          url: state.options.webhookUrl ?? "https://merchant.example.org/api/paypal/webhook",
          event_types: STANDIN_WEBHOOK_EVENTS.map((name) => ({ name, description: name })),
          links: [
            { href: self, rel: "self", method: "GET" },
            { href: self, rel: "update", method: "PATCH" },
            { href: self, rel: "delete", method: "DELETE" },
          ],
        },
      });
    });

    app.get("/v1/notifications/certs/:name", { config }, async (_req, reply) => {
      reply.type("application/x-pem-file");
      return state.keyPair().publicKey;
    });

    // Like PayPal, the signature is checked over the exact bytes of `webhook_event` as they arrive (decision 098).
    await app.register(async (raw) => {
      raw.removeContentTypeParser("application/json");
      raw.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
      raw.post("/v1/notifications/verify-webhook-signature", { config }, async (req, reply) => {
        const clientId = authClient(req);
        if (!clientId) return send(reply, authFailure);
        const text = String(req.body ?? "");
        let b: Record<string, unknown>;
        try {
          b = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(reply, error(400, "INVALID_REQUEST", INVALID_REQUEST, "MALFORMED_REQUEST_JSON"));
        }
        for (const field of [
          "auth_algo",
          "cert_url",
          "transmission_id",
          "transmission_sig",
          "transmission_time",
          "webhook_id",
          "webhook_event",
        ]) {
          if (b[field] === undefined || b[field] === "") {
            return send(
              reply,
              error(
                400,
                "VALIDATION_ERROR",
                "Invalid request - see details",
                "MISSING_REQUIRED_PARAMETER",
                `${field} is required`,
                { field, location: "body" },
              ),
            );
          }
        }
        if (!/^[a-zA-Z0-9]+$/.test(String(b.webhook_id))) {
          return send(
            reply,
            error(400, "VALIDATION_ERROR", "Invalid request - see details", "INVALID_PARAMETER_SYNTAX", "webhook_id", {
              field: "webhook_id",
              location: "body",
            }),
          );
        }
        let ok = false;
        try {
          const expectedWebhook = state.options.webhookId ?? STANDIN_WEBHOOK_ID;
          const signed = PaypalStandInState.signedText(
            String(b.transmission_id),
            String(b.transmission_time),
            String(b.webhook_id),
            rawMemberValue(text, "webhook_event") ?? "",
          );
          const verifier = createVerify("RSA-SHA256");
          verifier.update(signed);
          ok =
            b.webhook_id === expectedWebhook &&
            b.auth_algo === "SHA256withRSA" &&
            verifier.verify(state.keyPair().publicKey, String(b.transmission_sig), "base64");
        } catch {
          ok = false;
        }
        return { verification_status: ok ? "SUCCESS" : "FAILURE" };
      });
    });

    // The buyer's approval page (what PayPal's checkout window does, reduced to Approve / Cancel).
    app.get("/checkoutnow", { config }, async (req, reply) => {
      const token = String((req.query as { token?: string }).token ?? "");
      const stored = state.orders.get(token);
      reply.type("text/html; charset=utf-8");
      if (!stored)
        return reply.status(404).send(page("Order not found", "<p>This PayPal test order does not exist.</p>"));
      const unit = stored.order.purchase_units?.[0];
      const amount = unit?.amount ? `${unit.amount.value} ${unit.amount.currency_code}` : "";
      const done = !awaitsApproval(stored);
      const action = `${base(req)}/checkoutnow/approve`;
      return page(
        "PayPal test checkout",
        `<p class="note">Offline PayPal stand-in: no real money moves.</p>
        <dl><dt>Order</dt><dd>${escapeHtml(unit?.description ?? token)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Buyer</dt><dd>${escapeHtml(state.options.buyerEmail ?? STANDIN_BUYER_EMAIL)}</dd></dl>
        ${
          done
            ? `<p>This order is ${escapeHtml(stored.order.status)}.</p>`
            : `<form method="post" action="${escapeHtml(action)}">
          <input type="hidden" name="token" value="${escapeHtml(token)}">
          <button name="action" value="approve" type="submit">Approve test payment</button>
          <button name="action" value="approve-decline" type="submit" class="secondary">Approve with a card that will be declined</button>
          <button name="action" value="approve-pending" type="submit" class="secondary">Approve with an eCheck (clears later)</button>
          <button name="action" value="cancel" type="submit" class="secondary">Cancel and return</button>
        </form>`
        }`,
      );
    });

    app.post("/checkoutnow/approve", { config }, async (req, reply) => {
      const body = (req.body ?? {}) as { token?: string; action?: string; email?: string };
      const stored = body.token ? state.orders.get(body.token) : undefined;
      if (!stored) return reply.status(404).type("text/html; charset=utf-8").send(page("Order not found", ""));
      const order = stored.order;
      const cancel = body.action === "cancel";
      if (!cancel && awaitsApproval(stored)) {
        stored.needsRestart = false;
        stored.declineAtCapture = body.action === "approve-decline";
        stored.pendingAtCapture = body.action === "approve-pending";
        const email = body.email || state.options.buyerEmail || STANDIN_BUYER_EMAIL;
        const buyerId = payerId();
        order.status = "APPROVED";
        order.update_time = new Date().toISOString();
        order.payment_source = {
          paypal: {
            email_address: email,
            account_id: buyerId,
            account_status: "VERIFIED",
            name: { given_name: "Test", surname: "Buyer" },
            address: { country_code: "US" },
          },
        };
        order.payer = {
          name: { given_name: "Test", surname: "Buyer" },
          email_address: email,
          payer_id: buyerId,
          address: { country_code: "US" },
        };
        order.links = orderLinks(base(req), order, null);
        void deliverEvent(state, "CHECKOUT.ORDER.APPROVED", "checkout-order", { ...order });
      }
      const target = cancel ? stored.cancelUrl : stored.returnUrl;
      if (target) {
        const url = new URL(target);
        url.searchParams.set("token", order.id);
        if (!cancel && order.payer?.payer_id) url.searchParams.set("PayerID", order.payer.payer_id);
        return reply.redirect(url.toString(), 303);
      }
      return reply
        .type("text/html; charset=utf-8")
        .send(page(cancel ? "Payment cancelled" : "Payment approved", "<p>You can close this window.</p>"));
    });
  };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;padding:40px 16px;color:#1e293b}main{max-width:420px;margin:auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 10px 30px #0001}h1{font-size:22px;margin:0 0 12px;color:#003087}.note{background:#fff7e0;border:1px solid #f5d372;padding:8px 12px;border-radius:8px;font-size:14px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#64748b}dd{margin:0;font-weight:600;overflow-wrap:anywhere}button{display:block;width:100%;margin-top:12px;padding:12px;border-radius:999px;border:0;background:#ffc439;font-weight:700;font-size:16px;cursor:pointer}button.secondary{background:#e2e8f0}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Waiting for the buyer: never approved, or a capture was declined and the buyer restarts. */
function awaitsApproval(stored: StoredOrder) {
  const status = stored.order.status;
  return status === "CREATED" || status === "PAYER_ACTION_REQUIRED" || (status === "APPROVED" && !!stored.needsRestart);
}

/** A capture as PayPal puts it in webhook resources (with the order it belongs to). */
function captureResource(order: PaypalOrder, cap: PaypalCapture) {
  return { ...cap, supplementary_data: { related_ids: { order_id: order.id } } };
}

function refundedSoFar(state: PaypalStandInState, captureId: string) {
  let sum = 0;
  for (const r of state.refunds.values()) {
    if (r.captureId === captureId && r.status !== "FAILED" && r.status !== "CANCELLED")
      sum += Number(r.amount?.value ?? 0);
  }
  return Math.round(sum * 100) / 100;
}

/** A completed refund of `value` from a capture; the capture becomes REFUNDED or PARTIALLY_REFUNDED. */
function recordRefund(
  state: PaypalStandInState,
  cap: PaypalCapture,
  value: number,
  outcome: PaypalRefund["status"] = "COMPLETED",
) {
  const now = new Date().toISOString();
  const id = paypalId();
  const currency = cap.amount.currency_code;
  const failed = outcome === "FAILED" || outcome === "CANCELLED";
  const total = Math.round((refundedSoFar(state, cap.id) + (failed ? 0 : value)) * 100) / 100;
  const refund: PaypalRefund & { captureId: string } = {
    id,
    captureId: cap.id,
    status: outcome,
    ...(outcome === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
    amount: money(currency, value),
    ...(cap.invoice_id ? { invoice_id: cap.invoice_id } : {}),
    ...(cap.custom_id ? { custom_id: cap.custom_id } : {}),
    seller_payable_breakdown: {
      gross_amount: money(currency, value),
      net_amount: money(currency, value),
      total_refunded_amount: money(currency, total),
    },
    create_time: now,
    update_time: now,
    links: [
      { href: `${state.apiBase}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
      { href: `${state.apiBase}/v2/payments/captures/${cap.id}`, rel: "up", method: "GET" },
    ],
  };
  state.refunds.set(id, refund);
  if (failed) return refund;
  cap.status =
    Math.round(total * 100) >= Math.round(Number(cap.amount.value) * 100) ? "REFUNDED" : "PARTIALLY_REFUNDED";
  cap.update_time = now;
  return refund;
}

function publicRefund(refund: PaypalRefund & { captureId?: string }): PaypalRefund {
  const { captureId: _, ...rest } = refund;
  return rest;
}

/**
 * Delivers a webhook event the way PayPal does: the headers, and an RSA-SHA256 transmission signature over the
 * exact bytes sent. `state.options.webhookStyle = "pretty"` sends them pretty-printed with non-ASCII escaped
 * (what a verifier that re-serialises gets wrong).
 */
async function deliverEvent(state: PaypalStandInState, eventType: string, resourceType: string, resource: object) {
  const url = state.options.webhookUrl;
  if (!url || (state.options.webhookEvents && !state.options.webhookEvents.includes(eventType))) return;
  const event: PaypalWebhookEvent = {
    id: `WH-${paypalId(17)}-${paypalId(17)}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: eventType,
    summary: `${eventType} (offline stand-in)`,
    resource: resource as Record<string, unknown>,
    links: [{ href: `${state.apiBase}/v1/notifications/webhooks-events/${paypalId(17)}`, rel: "self", method: "GET" }],
  };
  const body =
    state.options.webhookStyle === "pretty"
      ? JSON.stringify(event, null, 2).replace(
          /[\u0080-\uffff]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
        )
      : JSON.stringify(event);
  const entry: (typeof state.deliveries)[number] = { event, body, status: null };
  state.deliveries.push(entry);
  if (state.deliveries.length > MAX_DELIVERIES) state.deliveries.splice(0, state.deliveries.length - MAX_DELIVERIES);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...signWebhook(state, body, state.apiBase) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    entry.status = res.status;
  } catch {
    entry.status = 0;
  }
  return entry;
}

/** Signs an arbitrary webhook body with the stand-in's key (tests: forged vs. genuine deliveries). */
export function signWebhook(state: PaypalStandInState, body: string, apiBase: string) {
  const transmissionId = randomUUID();
  const time = new Date().toISOString();
  const signer = createSign("RSA-SHA256");
  signer.update(
    PaypalStandInState.signedText(transmissionId, time, state.options.webhookId ?? STANDIN_WEBHOOK_ID, body),
  );
  return {
    "paypal-transmission-id": transmissionId,
    "paypal-transmission-time": time,
    "paypal-transmission-sig": signer.sign(state.keyPair().privateKey, "base64"),
    "paypal-cert-url": `${apiBase}/v1/notifications/certs/CERT-standin`,
    "paypal-auth-algo": "SHA256withRSA",
  };
}

export interface RunningStandIn {
  url: string;
  state: PaypalStandInState;
  close(): Promise<void>;
}

/** Starts the stand-in on its own loopback port (tests, bench). */
export async function startPaypalStandIn(options: StandInOptions = {}, port = 0): Promise<RunningStandIn> {
  const state = new PaypalStandInState(options);
  const app = Fastify({ logger: false });
  await app.register(paypalStandInPlugin(state));
  const address = await app.listen({ port, host: "127.0.0.1" });
  return { url: address, state, close: () => app.close() };
}
