import { randomUUID } from "node:crypto";
import { isPrivateKey, PRIVATE_URL_TTL_SECONDS } from "../../adapters/storage/private-url.js";
import { STORAGE_KEY_RE, type StorageAdapter } from "../../adapters/storage/storage.js";
import type { AppContext } from "../../context.js";
import { isHidden } from "../../core/storage/stored-objects.js";
import { reencodeImage } from "./image.js";

/** Validates, re-encodes and stores one uploaded image; returns its public URL. */
export async function storeUploadedImage(
  storage: StorageAdapter,
  input: { data: Buffer; folder: "profile"; ownerId: string },
): Promise<{ url: string; size: number; mimeType: string }> {
  const image = await reencodeImage(input.data);
  const stored = await storage.put({
    key: `${input.folder}/${randomUUID()}.${image.ext}`,
    body: image.body,
    contentType: image.contentType,
    ownerId: input.ownerId,
  });
  return { url: stored.url, size: image.body.length, mimeType: image.contentType };
}

/**
 * A stored file served back by this server, with the Cache-Control it is served with, or null (404):
 * - a private file (designs) only with a valid, unexpired signature (storage.urls), from local disk or the bucket,
 *   cached privately for at most the signature's remaining life;
 * - a public file from local storage (an S3 bucket serves its own public files);
 * - never a hidden one: a picture of a template deleted with undo, until the undo.
 */
export async function readUploadedFile(
  ctx: Pick<AppContext, "storage" | "db">,
  input: { folder: string; name: string; expires?: string; sig?: string },
) {
  const { storage } = ctx;
  const key = `${input.folder}/${input.name}`;
  if (!storage.read || !STORAGE_KEY_RE.test(key)) return null;
  if (await isHidden(ctx.db, key)) return null;
  if (isPrivateKey(key)) {
    const left = storage.urls?.check(key, input) ?? 0;
    if (left <= 0) return null;
    const file = await storage.read(key);
    return file && { ...file, cacheControl: `private, max-age=${Math.min(left, PRIVATE_URL_TTL_SECONDS)}` };
  }
  if (storage.kind !== "local") return null;
  const file = await storage.read(key);
  return file && { ...file, cacheControl: "public, max-age=31536000, immutable" };
}
