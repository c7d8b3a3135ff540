// The baseline: a bare Fastify route with default settings, in its own process like the real server.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ status: "ok" }));
// The same route sending a body of a given size, for reads whose answer is far larger than the bare route's (the
// landing page): it shows how much of the gap is the bytes themselves.
const bodies = new Map();
app.get("/bare-bytes/:size", async (req, reply) => {
  const size = Math.min(Number(req.params.size) || 0, 1_000_000);
  if (!bodies.has(size)) bodies.set(size, Buffer.alloc(size, "a"));
  return reply.type("text/html; charset=utf-8").send(bodies.get(size));
});
await app.listen({ port: Number(process.argv[2] ?? 0), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
