import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { SECURITY_MESSAGES } from "@mailsmith/shared";
import Fastify, { type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { registerFeatureRoutes } from "./composition/feature-routes.js";
import type { AppContext } from "./context.js";
import { AppError } from "./lib/app-error.js";
import { redactedRequest } from "./lib/redact.js";
import { requestIdFor } from "./lib/request-id.js";
import { registerAccessControl } from "./plugins/access.js";
import { registerDraining } from "./plugins/draining.js";
import { registerErrorHandler } from "./plugins/errors.js";
import { registerMetrics } from "./plugins/metrics.js";
import { ReplayCache } from "./plugins/replay.js";
import { allowedOrigins, registerJsonParser, registerRequestGuards } from "./plugins/request-guards.js";
import { RequestLogController } from "./plugins/request-log.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerSpa } from "./plugins/spa.js";

export interface BuildAppOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions["loggerInstance"];
  webDist?: string;
}

/** Builds the Fastify instance; used by main.ts and by the tests. */
export async function buildApp({ ctx, logger, webDist }: BuildAppOptions) {
  // Reset and verification tokens travel in URLs: the request serializer redacts them.
  const log = logger?.child({}, { serializers: { req: redactedRequest } });
  // Visitors' repeated public reads are answered from recordings before Fastify routes them.
  const replays = new ReplayCache({ log, trustProxy: ctx.env.TRUST_PROXY, http: ctx.metrics.http });
  const app = Fastify({
    loggerInstance: log,
    serverFactory: replays.serverFactory,
    trustProxy: ctx.env.TRUST_PROXY,
    genReqId: (req) => requestIdFor(req.headers),
    bodyLimit: 1024 * 1024,
    // One line per request, written when it completes, instead of Fastify's two; none for health and static files.
    logController: new RequestLogController(),
    // While closing, plugins/draining.ts answers 503 with Retry-After instead.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("ctx", ctx);
  // The renderer's browser (if one was started), the email engine's workers and the design reader go down with the
  // app (after the features' own onClose hooks, which run first).
  app.addHook("onClose", async () => {
    await Promise.all([ctx.renderer.close(), ctx.emailEngine.close(), ctx.designReader.close()]);
  });
  // Caches are only trusted once invalidations from other instances arrive.
  await ctx.bus.ready();
  app.addHook("onClose", async () => {
    await ctx.bus.close();
    await ctx.redis?.quit().catch(() => {});
  });
  registerJsonParser(app);
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });
  registerDraining(app);

  registerErrorHandler(app);
  registerRequestGuards(app, { origins: allowedOrigins(ctx.env.publicUrl, ctx.env.trustedOrigins) });
  registerAccessControl(app);
  registerSecurityHeaders(app, { https: ctx.env.publicUrl.startsWith("https://") });
  // Requests by route and status, scrape-time gauges and GET /metrics.
  registerMetrics(app);
  // After every other onSend hook: what it records is what was sent.
  replays.register(app);

  // Limits apply only where a route sets config.rateLimit (contact form, test mails, …).
  // With REDIS_URL the counts live in Redis, so every instance counts against one limit.
  await app.register(fastifyRateLimit, {
    global: false,
    // A route without its own answer says how long to wait (the plugin's default was "Rate limit exceeded, retry in
    // 1 minute" with the code BAD_REQUEST); the Retry-After header the plugin sets carries the same seconds.
    errorResponseBuilder: (_req, context) =>
      new AppError(
        "TOO_MANY_REQUESTS",
        SECURITY_MESSAGES.tooManyRequests(Math.ceil(context.ttl / 1000)),
        context.statusCode,
      ),
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: "rl:", skipOnError: true } : {}),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Mailsmith API",
        version: "1.0.0",
        description: "Every route declares its access: public, user, owner or admin.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });

  // The first app built on a context runs its periodic jobs; another one on the same context (tests) must not stop them.
  const runsPeriodicJobs = !ctx.scheduler.hasJobs();
  await registerFeatureRoutes(app, { webDist });
  // The periodic jobs start once every plugin is ready, and stop before the features' own onClose hooks close what
  // they use (the generation worker, the database).
  if (runsPeriodicJobs) {
    app.addHook("onReady", async () => ctx.scheduler.start());
    app.addHook("preClose", async () => ctx.scheduler.stop());
  }

  await registerSpa(app, webDist);
  return app;
}
