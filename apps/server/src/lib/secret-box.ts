import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { customType } from "drizzle-orm/pg-core";

/**
 * Secrets at rest (Gemini API keys, the PayPal client secret) are sealed with AES-256-GCM before they reach the
 * database. The key is derived (HKDF-SHA256) from SECRETS_KEY, or from BETTER_AUTH_SECRET when that is unset.
 * Stored form: `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url). Values written before sealing existed are
 * read as they are and sealed on their next write.
 *
 * Keys are registered per process (`registerSecretsKey`, called when an app context is built); several apps in one
 * process (the tests) each register theirs, and a value is opened with the key its id names.
 */
const PREFIX = "enc:v1:";
const keys = new Map<string, Buffer>();
let currentKeyId: string | undefined;
let warnedUnknownKey = false;

export function registerSecretsKey(masterSecret: string): string {
  const key = Buffer.from(hkdfSync("sha256", masterSecret, "mailsmith", "secrets-at-rest v1", 32));
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 10);
  keys.set(id, key);
  currentKeyId = id;
  return id;
}

export function sealSecret(plain: string): string {
  if (plain === "" || plain.startsWith(PREFIX)) return plain;
  const id = currentKeyId;
  const key = id ? keys.get(id) : undefined;
  if (!id || !key) throw new Error("no secrets key registered: build the app context before writing secrets");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${id}:${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${sealed.toString("base64url")}`;
}

/** The plain value; "" when it was sealed with a key this process does not have (e.g. after rotating secrets). */
export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [id, iv, tag, data] = stored.slice(PREFIX.length).split(":");
  const key = id ? keys.get(id) : undefined;
  if (!key || !iv || !tag || data === undefined) {
    if (!warnedUnknownKey) {
      warnedUnknownKey = true;
      process.emitWarning("A stored secret was sealed with another secrets key; re-enter it in the admin settings.");
    }
    return "";
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return "";
  }
}

/** A text column whose value is sealed on write and opened on read. */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => sealSecret(value),
  fromDriver: (value) => openSecret(value),
});
