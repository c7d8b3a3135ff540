import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context.js";
import { type AdminActor, adminActor } from "../../../core/audit.js";

/**
 * The admin's add, edit and retire routes of one catalogue kind (packages, premium items): the same access, status
 * codes and `{ success, message, data }` answers; each kind brings its URLs, schemas, texts and service calls.
 */
export interface AdminWriteRoutes<Input extends z.ZodTypeAny, Dto extends z.ZodTypeAny> {
  tag: "packages" | "items";
  /** `:id` marks the id in `edit` and `retire`. */
  urls: { add: string; edit: string; retire: string };
  summaries: { add: string; edit: string; retire: string };
  messages: { added: string; updated: string; retired: string };
  idParams: z.ZodObject<{ id: z.ZodString }>;
  input: Input;
  dto: Dto;
  add(ctx: AppContext, actor: AdminActor, input: z.output<Input>): Promise<z.output<Dto>>;
  edit(ctx: AppContext, actor: AdminActor, id: string, input: z.output<Input>): Promise<z.output<Dto>>;
  retire(ctx: AppContext, actor: AdminActor, id: string): Promise<z.output<Dto>>;
}

export function registerAdminWrites<Input extends z.ZodTypeAny, Dto extends z.ZodTypeAny>(
  appBase: FastifyInstance,
  kind: AdminWriteRoutes<Input, Dto>,
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  // Typed as any schema: the generic Dto keeps Fastify from resolving the answer type; the kind types the service call.
  const written: z.ZodTypeAny = z.object({ success: z.literal(true), message: z.string(), data: kind.dto });
  const tags = [kind.tag];

  app.post(
    kind.urls.add,
    {
      config: { access: "admin" },
      schema: { tags, summary: kind.summaries.add, body: kind.input, response: { 201: written } },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        message: kind.messages.added,
        data: await kind.add(ctx, adminActor(req), req.body as z.output<Input>),
      }),
  );

  app.put(
    kind.urls.edit,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: kind.summaries.edit,
        params: kind.idParams,
        body: kind.input,
        response: { 200: written },
      },
    },
    async (req) => ({
      success: true as const,
      message: kind.messages.updated,
      data: await kind.edit(ctx, adminActor(req), req.params.id, req.body as z.output<Input>),
    }),
  );

  app.delete(
    kind.urls.retire,
    {
      config: { access: "admin" },
      schema: { tags, summary: kind.summaries.retire, params: kind.idParams, response: { 200: written } },
    },
    async (req) => ({
      success: true as const,
      message: kind.messages.retired,
      data: await kind.retire(ctx, adminActor(req), req.params.id),
    }),
  );
}
