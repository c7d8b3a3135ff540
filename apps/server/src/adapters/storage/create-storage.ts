import path from "node:path";
import type { Env } from "../../env.js";
import { createLocalStorage } from "./local-storage.js";
import { createUrlSigner } from "./private-url.js";
import { createS3Storage } from "./s3-storage.js";
import type { StorageAdapter } from "./storage.js";

/**
 * An S3-compatible bucket when S3_BUCKET is set; otherwise local disk under DATA_DIR/uploads. `secret` (the server's
 * secret) signs the expiring addresses of the files that are not public (designs, decision 103).
 */
export function createStorage(env: Env, secret?: string): StorageAdapter {
  const urls = secret ? { urls: createUrlSigner(secret) } : {};
  if (env.S3_BUCKET && env.S3_PUBLIC_URL) {
    return {
      ...createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        publicUrl: env.S3_PUBLIC_URL,
        checksums: env.S3_CHECKSUMS,
      }),
      ...urls,
    };
  }
  return { ...createLocalStorage({ root: path.join(env.dataDir, "uploads") }), ...urls };
}
