import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { ownLoopbackOrigin } from "../adapters/paypal/offline-demo.js";

type DemoStandIns = {
  mountDemoStandIns(app: FastifyInstance, opts: { publicUrl: string; webhookUrl: string }): Promise<void>;
};

/**
 * The vendors' stand-ins are test doubles, not the product (decision 129): they live in apps/server/stand-ins/, are
 * never bundled into main.js and are not in the image. Outside production the demo's (PayPal's API and approval page,
 * stand-ins/demo.ts) are mounted when they are there: from source when the server runs from source (the tests,
 * `npm run dev`), else from `stand-ins.js` beside main.js, which only the demo build writes (`node build.mjs
 * --with-stand-ins`: `npm start` and the e2e build). Answers whether they were mounted.
 */
export async function mountStandIns(app: FastifyInstance): Promise<boolean> {
  if (app.ctx.env.NODE_ENV === "production") return false;
  const fromSource = import.meta.url.endsWith(".ts");
  const url = new URL(fromSource ? "../../stand-ins/demo.ts" : "./stand-ins.js", import.meta.url);
  let demo: DemoStandIns;
  try {
    demo = (await import(fromSource ? fileURLToPath(url) : url.href)) as DemoStandIns;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_MODULE_NOT_FOUND" && String(err).includes("stand-ins")) return false;
    throw err;
  }
  await demo.mountDemoStandIns(app, {
    publicUrl: app.ctx.env.publicUrl,
    webhookUrl: `${ownLoopbackOrigin(app.ctx.env)}/api/paypal/webhook`,
  });
  return true;
}
