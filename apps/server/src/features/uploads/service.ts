import { randomUUID } from "node:crypto";
import type { StorageAdapter } from "../../adapters/storage/storage.js";
import { reencodeImage } from "./image.js";

/** Validates, re-encodes and stores one uploaded image; returns its public URL. */
export async function storeUploadedImage(
  storage: StorageAdapter,
  input: { data: Buffer; folder: "profile" },
): Promise<{ url: string; size: number; mimeType: string }> {
  const image = await reencodeImage(input.data);
  const stored = await storage.put({
    key: `${input.folder}/${randomUUID()}.${image.ext}`,
    body: image.body,
    contentType: image.contentType,
  });
  return { url: stored.url, size: image.body.length, mimeType: image.contentType };
}
