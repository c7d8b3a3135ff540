// The baseline: a bare Fastify route with default settings, in its own process like the real server.
import Fastify from "fastify";

const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 });
app.get("/bare", async () => ({ status: "ok" }));

// The same bare route sending a copy of another answer, byte for byte (the landing page: 8 KB of brotli). The bench
// PUTs the bytes and their content type and encoding, then measures GET /bare-copy. Same bytes, not only the same
// size: the load generator turns every body into a string, and 8 KB of compressed bytes cost it ~5 times what 8 KB
// of ASCII do, so a body of "aaa…" would make the baseline faster than any server sending the real page could be.
let copy = { body: Buffer.alloc(0), type: "text/plain", encoding: "" };
app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
app.put("/bare-copy", async (req) => {
  copy = {
    body: req.body,
    type: String(req.headers["x-copy-type"] ?? "application/octet-stream"),
    encoding: String(req.headers["x-copy-encoding"] ?? ""),
  };
  return { bytes: copy.body.length };
});
app.get("/bare-copy", async (_req, reply) => {
  reply.type(copy.type);
  if (copy.encoding) reply.header("content-encoding", copy.encoding);
  return reply.send(copy.body);
});

await app.listen({ port: Number(process.argv[2] ?? 0), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
