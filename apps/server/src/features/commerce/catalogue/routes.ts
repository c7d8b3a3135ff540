import { PACKAGE_MESSAGES, ZPackageInputSchema, ZPackageSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addPackage, editPackage, getPackage, packagesAnswer, retirePackage } from "./service.js";

const idParams = z.object({ id: z.string().uuid(PACKAGE_MESSAGES.notFound) });
const written = z.object({ success: z.literal(true), message: z.string(), data: ZPackageSchema });

export async function packageRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/packages",
    {
      config: { access: "public" },
      schema: {
        tags: ["packages"],
        summary: "Packages on sale (retired ones are left out), oldest first",
        response: { 200: z.array(ZPackageSchema), 304: z.null().describe("Not modified (ETag matched)") },
      },
    },
    async (req, reply) => {
      // Pre-serialised once per change, revalidated with its ETag (a 304 when unchanged).
      const answer = await packagesAnswer(ctx);
      reply.header("cache-control", "no-cache").header("etag", answer.etag);
      if (req.headers["if-none-match"]?.split(",").some((t) => t.trim().replace(/^W\//, "") === answer.etag)) {
        return reply.code(304).send(null);
      }
      return reply.type("application/json; charset=utf-8").send(answer.body as never);
    },
  );

  app.get(
    "/api/package/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["packages"],
        summary: "One package (retired ones too, flagged retired)",
        params: idParams,
        response: { 200: ZPackageSchema },
      },
    },
    async (req) => getPackage(ctx, req.params.id),
  );

  app.post(
    "/api/add-package",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages"],
        summary: "Add a package (at most 3 on sale)",
        body: ZPackageInputSchema,
        response: { 201: written },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ success: true as const, message: PACKAGE_MESSAGES.added, data: await addPackage(ctx, req.body) }),
  );

  app.put(
    "/api/edit-package/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages"],
        summary: "Edit a package (orders already placed keep their own copy)",
        params: idParams,
        body: ZPackageInputSchema,
        response: { 200: written },
      },
    },
    async (req) => ({
      success: true as const,
      message: PACKAGE_MESSAGES.updated,
      data: await editPackage(ctx, req.params.id, req.body),
    }),
  );

  app.delete(
    "/api/package/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages"],
        summary: "Retire a package: off sale, past orders intact",
        params: idParams,
        response: { 200: written },
      },
    },
    async (req) => ({
      success: true as const,
      message: PACKAGE_MESSAGES.retired,
      data: await retirePackage(ctx, req.params.id),
    }),
  );
}
