import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Expiring signed addresses for stored files that are not public (decision 103): design uploads. The address is
 * `/uploads/<key>?expires=<unix seconds>&sig=<HMAC-SHA256(key, expires)>` under a key derived from the server's
 * secret; the server serves the file only while the signature holds and the time has not passed.
 */

/** Folders whose files are never served without a valid signature. */
export const PRIVATE_FOLDERS: ReadonlySet<string> = new Set(["designs"]);

export const isPrivateKey = (key: string) => PRIVATE_FOLDERS.has(key.slice(0, key.indexOf("/")));

/** How long a signed address works: long enough for a template page left open, short enough not to be a link. */
export const PRIVATE_URL_TTL_SECONDS = 60 * 60;

export interface UrlSigner {
  /** A path (absolute URL when publicUrl is given) that serves `key` until `ttlSeconds` from now. */
  sign(key: string, opts?: { ttlSeconds?: number; now?: number; publicUrl?: string }): string;
  /** Seconds the signature is still good for, or 0 when it is wrong, malformed or expired. */
  check(key: string, query: { expires?: string; sig?: string }, now?: number): number;
}

export function createUrlSigner(secret: string): UrlSigner {
  // A key of its own, so a signature here is worth nothing anywhere else the secret is used.
  const key = createHmac("sha256", secret).update("mailsmith:private-storage-url:v1").digest();
  const mac = (storageKey: string, expires: number) =>
    createHmac("sha256", key).update(`${storageKey}\n${expires}`).digest("base64url");
  const nowSeconds = (now?: number) => Math.floor((now ?? Date.now()) / 1000);
  return {
    sign(storageKey, opts = {}) {
      const expires = nowSeconds(opts.now) + (opts.ttlSeconds ?? PRIVATE_URL_TTL_SECONDS);
      const path = `/uploads/${storageKey}?expires=${expires}&sig=${mac(storageKey, expires)}`;
      return opts.publicUrl ? `${opts.publicUrl.replace(/\/+$/, "")}${path}` : path;
    },
    check(storageKey, query, now) {
      if (!query.expires || !query.sig || !/^\d{1,12}$/.test(query.expires)) return 0;
      const expires = Number(query.expires);
      const left = expires - nowSeconds(now);
      if (left <= 0) return 0;
      const want = Buffer.from(mac(storageKey, expires));
      const got = Buffer.from(query.sig);
      return got.length === want.length && timingSafeEqual(got, want) ? left : 0;
    },
  };
}
