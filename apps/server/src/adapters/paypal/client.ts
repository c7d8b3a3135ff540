import { spliceRawMember } from "./raw-json.js";
import type {
  PaypalCapture,
  PaypalCreateOrderRequest,
  PaypalErrorBody,
  PaypalOrder,
  PaypalRefund,
  PaypalRefundRequest,
  VerifyWebhookSignatureRequest,
} from "./types.js";

export const PAYPAL_HOSTS = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
} as const;

export interface PaypalCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Told of every HTTP exchange with PayPal (the metrics, decision 107): "POST /v2/checkout/orders/:id/capture", … */
  onCall?: (
    operation: string,
    outcome: "ok" | "client_error" | "server_error" | "unreachable",
    seconds: number,
  ) => void;
}

/** The call's method and path with PayPal's ids as ":id", so the operations stay a bounded set. */
export const paypalOperation = (method: string, path: string) =>
  `${method} ${path.replace(/\?.*$/, "").replace(/\/[A-Z0-9-]{8,}(?=\/|$)/gi, (seg) => (/\d/.test(seg) ? "/:id" : seg))}`;

/** A non-2xx answer from PayPal, with its error name and first issue (ORDER_NOT_APPROVED, …). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody,
  ) {
    super(
      `PayPal ${status} ${body.name ?? body.error ?? "ERROR"}${body.details?.[0]?.issue ? ` ${body.details[0].issue}` : ""}`,
    );
    this.name = "PaypalApiError";
  }
  get issue(): string | undefined {
    return this.body.details?.[0]?.issue;
  }
}

/** PayPal unreachable or answering garbage. */
export class PaypalUnavailableError extends Error {}

const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/**
 * A small PayPal REST client (OAuth client credentials, Orders v2, webhook verification) over fetch.
 * Works against PayPal's hosts or any PayPal-compatible base URL (the local stand-in).
 */
export class PaypalClient {
  constructor(
    private readonly creds: PaypalCredentials,
    private readonly timeoutMs = 15_000,
  ) {}

  private get cacheKey() {
    return `${this.creds.baseUrl}|${this.creds.clientId}`;
  }

  private async token(force = false): Promise<string> {
    const hit = tokenCache.get(this.cacheKey);
    if (!force && hit && hit.expiresAt > Date.now()) return hit.token;
    const basic = Buffer.from(`${this.creds.clientId}:${this.creds.clientSecret}`).toString("base64");
    const res = await this.fetch("/v1/oauth2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const body = (await readJson(res)) as { access_token?: string; expires_in?: number } & PaypalErrorBody;
    if (!res.ok || !body.access_token) throw new PaypalApiError(res.status, body);
    // Renew a minute early.
    const ttl = Math.max(30, (body.expires_in ?? 300) - 60) * 1000;
    tokenCache.set(this.cacheKey, { token: body.access_token, expiresAt: Date.now() + ttl });
    return body.access_token;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    const started = performance.now();
    const observe = (outcome: "ok" | "client_error" | "server_error" | "unreachable") =>
      this.creds.onCall?.(paypalOperation(init.method ?? "GET", path), outcome, (performance.now() - started) / 1000);
    try {
      const res = await fetch(`${this.creds.baseUrl.replace(/\/$/, "")}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      observe(res.status >= 500 ? "server_error" : res.status >= 400 ? "client_error" : "ok");
      return res;
    } catch (err) {
      observe("unreachable");
      throw new PaypalUnavailableError(`PayPal is unreachable: ${(err as Error).message}`);
    }
  }

  /**
   * One API call. `json` is sent as is when it is a string (already serialised, e.g. a spliced webhook event).
   * A request PayPal can safely see twice (a GET, or one carrying a PayPal-Request-Id) is tried once more, with the
   * same headers and so the same request id, when the network fails or PayPal answers 5xx: a network retry of one
   * attempt, never a new attempt.
   */
  private async call<T>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const retrySafe = method === "GET" || "paypal-request-id" in headers;
    let freshToken = false;
    for (let tries = 0; ; tries++) {
      const token = await this.token(freshToken);
      let res: Response;
      try {
        res = await this.fetch(path, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(json === undefined ? {} : { "content-type": "application/json" }),
            ...headers,
          },
          body: json === undefined ? undefined : typeof json === "string" ? json : JSON.stringify(json),
        });
      } catch (err) {
        if (retrySafe && tries === 0) continue;
        throw err;
      }
      if (res.status >= 500 && retrySafe && tries === 0) {
        await res.body?.cancel();
        continue;
      }
      const body = await readJson(res);
      // An expired or revoked token: fetch a new one once.
      if (res.status === 401 && !freshToken) {
        freshToken = true;
        continue;
      }
      if (!res.ok) throw new PaypalApiError(res.status, body as PaypalErrorBody);
      return body as T;
    }
  }

  /**
   * POST /v2/checkout/orders. `requestId` names one attempt: PayPal answers a repeat of it (kept 6 hours) with the
   * same order, so the caller makes a new one per attempt.
   */
  createOrder(request: PaypalCreateOrderRequest, requestId: string) {
    return this.call<PaypalOrder>("POST", "/v2/checkout/orders", request, {
      "paypal-request-id": requestId,
      prefer: "return=representation",
    });
  }

  getOrder(id: string) {
    return this.call<PaypalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
  }

  /** POST …/capture. PayPal replays its first answer (a decline too) to a repeated `requestId`. */
  captureOrder(id: string, requestId: string) {
    return this.call<PaypalOrder>(
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      {},
      { "paypal-request-id": requestId, prefer: "return=representation" },
    );
  }

  /** GET /v2/payments/captures/{id}: the capture with our custom_id and its PayPal order (supplementary_data). */
  getCapture(captureId: string) {
    return this.call<PaypalCapture>("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`);
  }

  /** POST /v2/payments/captures/{id}/refund: no amount refunds what is left of the capture. */
  refundCapture(captureId: string, request: PaypalRefundRequest, requestId: string) {
    return this.call<PaypalRefund>("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, request, {
      "paypal-request-id": requestId,
      prefer: "return=representation",
    });
  }

  /** A fresh OAuth token with these credentials (System status: are the credentials accepted?). */
  async checkCredentials(): Promise<void> {
    await this.token(true);
  }

  /** GET /v1/notifications/webhooks/{id}: the webhook as PayPal has it (its URL and the events it is subscribed to). */
  getWebhook(id: string) {
    return this.call<{ id: string; url: string; event_types: { name: string }[] }>(
      "GET",
      `/v1/notifications/webhooks/${encodeURIComponent(id)}`,
    );
  }

  /**
   * POST /v1/notifications/verify-webhook-signature with the delivered body spliced in byte for byte as
   * `webhook_event`: PayPal checks the signature over the exact bytes it sent, and a re-serialised event (key order,
   * `\u00e9` escapes, whitespace, 1.0 vs 1) fails verification.
   */
  verifyWebhookSignature(fields: Omit<VerifyWebhookSignatureRequest, "webhook_event">, rawEvent: string) {
    return this.call<{ verification_status: "SUCCESS" | "FAILURE" }>(
      "POST",
      "/v1/notifications/verify-webhook-signature",
      spliceRawMember(fields, "webhook_event", rawEvent),
    );
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new PaypalUnavailableError(`PayPal answered ${res.status} with a non-JSON body`);
  }
}
