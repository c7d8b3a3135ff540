import { createServer, type Server } from "node:http";

/**
 * A tiny S3-compatible server for tests and local runs: path-style PUT, GET and DELETE of objects
 * (/<bucket>/<key>), kept in memory. It checks that requests are SigV4-signed for the expected
 * access key, as S3 would refuse unsigned writes; it does not verify the signature itself.
 */
export async function startS3StandIn(opts: { bucket: string; accessKeyId: string; port?: number }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== opts.bucket || !key) {
      res.statusCode = 404;
      res.end("<Error><Code>NoSuchBucket</Code></Error>");
      return;
    }
    if (req.method === "GET") {
      const obj = objects.get(key);
      if (!obj) {
        res.statusCode = 404;
        res.end("<Error><Code>NoSuchKey</Code></Error>");
        return;
      }
      res.setHeader("content-type", obj.contentType);
      res.end(obj.body);
      return;
    }
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("AWS4-HMAC-SHA256 ") || !auth.includes(`Credential=${opts.accessKeyId}/`)) {
      res.statusCode = 403;
      res.end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    if (req.method === "PUT") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        objects.set(key, {
          body: decodeAwsChunked(Buffer.concat(chunks), req.headers["content-encoding"]),
          contentType: String(req.headers["content-type"] ?? "application/octet-stream"),
        });
        res.setHeader("etag", '"stand-in"');
        res.end();
      });
      return;
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.statusCode = 204;
      res.end();
      return;
    }
    res.statusCode = 405;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Newer SDKs may stream bodies as aws-chunked (size;chunk-signature=…\r\ndata\r\n…0;…\r\n). */
function decodeAwsChunked(buf: Buffer, encoding: string | string[] | undefined): Buffer {
  if (!String(encoding ?? "").includes("aws-chunked")) return buf;
  const parts: Buffer[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const lineEnd = buf.indexOf("\r\n", pos);
    if (lineEnd < 0) break;
    const size = Number.parseInt(buf.subarray(pos, lineEnd).toString("latin1").split(";")[0] ?? "0", 16);
    if (!size) break;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    pos = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
