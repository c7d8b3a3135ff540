// The baseline: a bare Fastify route with default settings, in its own process like the real server.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
