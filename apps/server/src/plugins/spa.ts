import { existsSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { negotiateEncoding, notAcceptable } from "../lib/content-encoding.js";

/** Serves the built web app; client routes fall back to index.html, unknown /api paths stay JSON 404s. */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  if (!distDir || !existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: only the API is served (run npm run build)");
    return;
  }
  // preCompressed: the web build writes .br/.gz beside each text asset (vite.config.ts); the original is the fallback.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    config: { access: "public" },
    schema: { hide: true },
    handler(req, reply) {
      const urlPath = decodeURIComponent(req.url.split("?")[0] ?? "/");
      if (urlPath.startsWith("/api/") || urlPath === "/api") {
        return reply
          .status(404)
          .send({ success: false, code: "NOT_FOUND", message: `No route for ${req.method} ${urlPath}` });
      }
      const relative = path
        .normalize(urlPath)
        .replace(/^(\.\.[/\\])+/, "")
        .replace(/^[/\\]+/, "");
      // Premium item content is opened only through /api/item-order/{id}/access (payment checked there).
      if (/^demo[/\\]items[/\\].+\.html?$/i.test(relative)) {
        return reply.status(404).send({ success: false, code: "NOT_FOUND", message: "Buy this item to open it." });
      }
      // Our rule for the precompressed copies: @fastify/static negotiates by itself and sends a refused
      // gzip for "gzip;q=0, *", so it is handed our choice only (the build writes .br and .gz beside every text
      // file; a file without them, such as an image, is sent as is).
      const encoding = negotiateEncoding(req.headers["accept-encoding"]);
      if (encoding === null) throw notAcceptable();
      req.headers["accept-encoding"] = encoding;
      const file = path.join(distDir, relative);
      if (relative && file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
        // Hashed assets never change; everything else is revalidated.
        const immutable = relative.startsWith("assets/");
        return reply.sendFile(relative, { maxAge: immutable ? "365d" : 0, immutable, cacheControl: true });
      }
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html", { cacheControl: false });
    },
  });
}
