import type { FastifyInstance } from "fastify";
import type { ModelClients } from "../adapters/model/model-client.js";
import { createModelClients } from "../adapters/model/model-clients.js";
import { createAiKeyPool } from "../features/ai-keys/key-pool.js";
import { aiKeysRoutes } from "../features/ai-keys/routes.js";
import { auditRoutes } from "../features/audit/routes.js";
import { authRoutes } from "../features/auth/routes.js";
import { brandKitRoutes } from "../features/brand-kits/routes.js";
import { packagesAnswer } from "../features/commerce/catalogue/packages-cache.js";
import { commerceRoutes } from "../features/commerce/routes.js";
import { contentRoutes } from "../features/content/routes.js";
import { dashboardRoutes } from "../features/dashboard/routes.js";
import { emailCheckRoutes } from "../features/email-check/routes.js";
import { generatorRoutes } from "../features/generator/routes.js";
import { createGeneratorRuntime } from "../features/generator/runtime.js";
import { healthRoutes } from "../features/health/routes.js";
import { systemStatusRoutes } from "../features/health/status-routes.js";
import { messagingRoutes } from "../features/messaging/routes.js";
import { outboxRoutes } from "../features/outbox/routes.js";
import { profileRoutes } from "../features/profile/routes.js";
import { supportRoutes } from "../features/support/routes.js";
import { uploadRoutes } from "../features/uploads/routes.js";
import { userRoutes } from "../features/users/routes.js";
import { memberDataDeclarations } from "./member-data.js";
import { periodicJobs } from "./periodic-jobs.js";
import { mountStandIns } from "./stand-ins.js";
import { statusProbes } from "./status-probes.js";

/** Every feature's routes, in registration order (the SPA fallback comes after them, in app.ts). */
export async function registerFeatureRoutes(app: FastifyInstance, opts: { webDist?: string }) {
  // Every table with a member's data, declared by its feature: the sweep, the data export and deletion read it.
  app.ctx.memberData.declare(...memberDataDeclarations());
  // Outside production, the offline demo's PayPal (the stand-ins are not part of the product).
  await mountStandIns(app);
  await app.register(healthRoutes);
  await app.register(outboxRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(supportRoutes);
  // One model client per provider for this app: the key pool's calls, checks and discovery all use them.
  const models: ModelClients = createModelClients(app.ctx.env);
  await app.register(aiKeysRoutes, { clients: models });
  // The generator writes with the ai-keys feature's pool, handed over here (features never import each other).
  const generator = createGeneratorRuntime(app.ctx, { keys: createAiKeyPool(app.ctx, models) });
  await app.register(generatorRoutes, { runtime: generator });
  await app.register(brandKitRoutes);
  await app.register(emailCheckRoutes);
  // The landing page prerenders the pricing section too: the composition root hands content the packages answer.
  await app.register(contentRoutes, { webDist: opts.webDist, landingPackages: () => packagesAnswer(app.ctx) });
  await app.register(profileRoutes);
  await app.register(uploadRoutes);
  await app.register(messagingRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditRoutes);
  await app.register(commerceRoutes, { webDist: opts.webDist });
  // Every periodic job, declared once per context (app.ts starts the scheduler when the app is ready). Another app
  // built on the same context (a test's second logger) leaves the jobs, their start and their stop to the first.
  if (!app.ctx.scheduler.hasJobs()) app.ctx.scheduler.add(...periodicJobs(app.ctx, { generator, models }));
  // System status checks every outside service, the features' own included (Gemini keys, PayPal), and shows the
  // periodic jobs.
  await app.register(systemStatusRoutes, {
    probes: () => statusProbes(app.ctx),
    jobs: () => app.ctx.scheduler.states(),
  });
}
