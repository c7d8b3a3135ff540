import {
  ITEM_MESSAGES,
  PACKAGE_MESSAGES,
  ZItemInputSchema,
  ZItemSchema,
  ZPackageInputSchema,
  ZPackageSchema,
  ZPublicItemSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCachedJson } from "../../../lib/etag.js";
import { replayWhile } from "../../../lib/replayable.js";
import { whenReady } from "../../../lib/when-ready.js";
import { registerAdminWrites } from "./admin-write-routes.js";
import { packagesAnswer, packagesStillCurrent } from "./packages-cache.js";
import {
  addPackage,
  createItem,
  editPackage,
  getPackage,
  getPublicItem,
  listAllItems,
  listPublicItems,
  retireItem,
  retirePackage,
  updateItem,
} from "./service.js";

const packageIdParams = z.object({ id: z.string().uuid(PACKAGE_MESSAGES.notFound) });
const itemIdParams = z.object({ id: z.string().min(1).max(64) });

/** The catalogue: credit packages (at most 3 on sale) and premium items; both are retired, never deleted. */
export async function catalogueRoutes(appBase: FastifyInstance) {
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
    (req, reply) =>
      // Pre-serialised once per change, revalidated with its ETag (a 304 when unchanged), replayed to the next
      // visitors while it stays the list kept.
      whenReady(packagesAnswer(ctx), (answer) => {
        replayWhile(reply, packagesStillCurrent(ctx, answer));
        sendCachedJson(req, reply, answer);
      }),
  );

  app.get(
    "/api/package/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["packages"],
        summary: "One package (retired ones too, flagged retired)",
        params: packageIdParams,
        response: { 200: ZPackageSchema },
      },
    },
    async (req) => getPackage(ctx, req.params.id),
  );

  app.get(
    "/api/item/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["items"],
        summary: "One premium item by id or itemId (no access URL: that is what the buyer pays for)",
        params: itemIdParams,
        response: { 200: z.object({ success: z.literal(true), data: ZPublicItemSchema }) },
      },
    },
    async (req) => ({ success: true as const, data: await getPublicItem(ctx, req.params.id) }),
  );

  app.get(
    "/api/items",
    {
      config: { access: "public" },
      schema: {
        tags: ["items"],
        summary: "Premium items on sale, newest first",
        response: { 200: z.object({ success: z.literal(true), data: z.array(ZPublicItemSchema) }) },
      },
    },
    async () => ({ success: true as const, data: await listPublicItems(ctx) }),
  );

  app.get(
    "/api/admin/items",
    {
      config: { access: "admin" },
      schema: {
        tags: ["items"],
        summary: "Every item, retired ones included, with access URL and guidelines",
        response: { 200: z.object({ success: z.literal(true), data: z.array(ZItemSchema) }) },
      },
    },
    async () => ({ success: true as const, data: await listAllItems(ctx) }),
  );

  await registerAdminWrites(appBase, {
    tag: "packages",
    urls: { add: "/api/add-package", edit: "/api/edit-package/:id", retire: "/api/package/:id" },
    summaries: {
      add: "Add a package (at most 3 on sale)",
      edit: "Edit a package (orders already placed keep their own copy)",
      retire: "Retire a package: off sale, past orders intact",
    },
    messages: PACKAGE_MESSAGES,
    idParams: packageIdParams,
    input: ZPackageInputSchema,
    dto: ZPackageSchema,
    add: addPackage,
    edit: editPackage,
    retire: retirePackage,
  });

  await registerAdminWrites(appBase, {
    tag: "items",
    urls: { add: "/api/items", edit: "/api/items/:id", retire: "/api/items/:id" },
    summaries: {
      add: "Create a premium item",
      edit: "Edit a premium item (orders keep their own copy)",
      retire: "Retire a premium item: off sale, past orders intact",
    },
    messages: ITEM_MESSAGES,
    idParams: itemIdParams,
    input: ZItemInputSchema,
    dto: ZItemSchema,
    add: createItem,
    edit: updateItem,
    retire: retireItem,
  });
}
