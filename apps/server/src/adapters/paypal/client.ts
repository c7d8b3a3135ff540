import type { PaypalCreateOrderRequest, PaypalErrorBody, PaypalOrder, VerifyWebhookSignatureRequest } from "./types.js";

export const PAYPAL_HOSTS = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
} as const;

export interface PaypalCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

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
    try {
      return await fetch(`${this.creds.baseUrl.replace(/\/$/, "")}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PaypalUnavailableError(`PayPal is unreachable: ${(err as Error).message}`);
    }
  }

  private async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.token(attempt > 0);
      const res = await this.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await readJson(res);
      // An expired or revoked token: fetch a new one once.
      if (res.status === 401 && attempt === 0) continue;
      if (!res.ok) throw new PaypalApiError(res.status, json as PaypalErrorBody);
      return json as T;
    }
    throw new PaypalUnavailableError("PayPal refused the access token twice");
  }

  /** POST /v2/checkout/orders; the same requestId returns the same order (PayPal idempotency). */
  createOrder(request: PaypalCreateOrderRequest, requestId: string) {
    return this.call<PaypalOrder>("POST", "/v2/checkout/orders", request, {
      "paypal-request-id": requestId,
      prefer: "return=representation",
    });
  }

  getOrder(id: string) {
    return this.call<PaypalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
  }

  captureOrder(id: string, requestId: string) {
    return this.call<PaypalOrder>(
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      {},
      { "paypal-request-id": requestId, prefer: "return=representation" },
    );
  }

  verifyWebhookSignature(request: VerifyWebhookSignatureRequest) {
    return this.call<{ verification_status: "SUCCESS" | "FAILURE" }>(
      "POST",
      "/v1/notifications/verify-webhook-signature",
      request,
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
