import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { isPrivateKey } from "./private-url.js";
import { CONTENT_TYPES, STORAGE_KEY_RE, type StorageAdapter } from "./storage.js";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (R2, MinIO, a local stand-in); AWS itself needs none. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Where browsers read the files: a public bucket URL or a CDN in front of it (no trailing slash needed). */
  publicUrl: string;
  /** "when_required" for S3-compatible services that refuse the CRC32 checksum headers the SDK adds by default. */
  checksums?: "when_supported" | "when_required";
}

/** Connect and whole-request limits for every S3 call: a stalled bucket fails the request instead of holding it. */
const S3_TIMEOUTS = { connectionTimeout: 5_000, requestTimeout: 30_000 } as const;

/**
 * An S3-compatible bucket (S3_BUCKET set). Files are public-read through S3_PUBLIC_URL, except the private folders
 * (designs): the bucket policy must not make those public; the server reads them with GetObject and
 * serves them itself behind an expiring signature.
 */
export function createS3Storage(opts: S3StorageOptions): StorageAdapter {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    requestChecksumCalculation: opts.checksums === "when_required" ? "WHEN_REQUIRED" : "WHEN_SUPPORTED",
    responseChecksumValidation: opts.checksums === "when_required" ? "WHEN_REQUIRED" : "WHEN_SUPPORTED",
    requestHandler: S3_TIMEOUTS,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const base = opts.publicUrl.replace(/\/+$/, "");
  const check = (key: string) => {
    if (!STORAGE_KEY_RE.test(key)) throw new Error(`invalid storage key ${key}`);
  };
  return {
    kind: "s3",
    async put({ key, body, contentType }) {
      check(key);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: isPrivateKey(key) ? "private, no-store" : "public, max-age=31536000, immutable",
        }),
      );
      return { key, url: `${base}/${key}` };
    },
    async delete(key) {
      check(key);
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
    async read(key) {
      if (!STORAGE_KEY_RE.test(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        const body = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
        const ext = key.slice(key.lastIndexOf(".") + 1);
        return { body, contentType: CONTENT_TYPES[ext] ?? "application/octet-stream" };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
  };
}
