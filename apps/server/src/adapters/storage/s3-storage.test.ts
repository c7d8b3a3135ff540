import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3StandIn } from "../../../stand-ins/s3.js";
import { createS3Storage } from "./s3-storage.js";

/** The server reads bucket objects itself (private designs, decision 103): GetObject, null when absent. */
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn({ bucket: "files", accessKeyId: "k" });
});
afterAll(async () => {
  await s3?.close();
});

describe("S3 storage read", () => {
  it("reads back what it stored, with the content type of its extension; a missing key is null", async () => {
    const storage = createS3Storage({
      bucket: "files",
      region: "us-east-1",
      endpoint: s3.url,
      forcePathStyle: true,
      accessKeyId: "k",
      secretAccessKey: "s",
      publicUrl: `${s3.url}/files`,
    });
    const key = "designs/0b6c3c1e-5d0e-4a4f-9a57-1f0e2c3d4b5a.png";
    await storage.put({ key, body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await storage.read!(key)).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await storage.read!("designs/00000000-0000-4000-8000-000000000000.png")).toBeNull();
    expect(await storage.read!("../etc/passwd")).toBeNull();
  });
});
