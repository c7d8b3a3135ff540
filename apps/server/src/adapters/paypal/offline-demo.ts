/**
 * What the product knows of the offline PayPal of the demo (decision 042): where the stand-in is mounted on this
 * server outside production and the credentials and webhook id it accepts. The stand-in itself is not part of the
 * product (apps/server/stand-ins/paypal.ts, mounted by composition/stand-ins.ts; decision 129).
 */
export const STANDIN_CLIENT_ID = "standin-client-id";
export const STANDIN_CLIENT_SECRET = "standin-client-secret";
/** PayPal webhook ids are alphanumeric (verify-webhook-signature refuses others). */
export const STANDIN_WEBHOOK_ID = "8STANDIN0WEBHOOK1";
export const STANDIN_PREFIX = "/paypal-standin";

/** This server as it reaches itself over loopback (the demo's PayPal and its webhooks are in this very process). */
export function ownLoopbackOrigin(env: { HOST: string; PORT: number }): string {
  const host = ["0.0.0.0", "::", "", "localhost"].includes(env.HOST) ? "127.0.0.1" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}
