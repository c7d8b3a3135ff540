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

/** A stored upload served back by this server (local storage only: an S3 bucket serves its own files). */
export async function readUploadedFile(storage: StorageAdapter, input: { folder: string; name: string }) {
  return storage.read ? storage.read(`${input.folder}/${input.name}`) : null;
}
