import { PROFILE_MESSAGES, ZProfileUpdateSchema, ZUserSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toUserDto } from "../../core/identity/users.js";
import { currentUser } from "../../plugins/access.js";
import { updateProfile } from "./service.js";

export async function profileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.put(
    "/api/update-user-profile/:userId",
    {
      config: { access: "owner" },
      schema: {
        tags: ["profile"],
        summary: "Update a profile (own profile; admins any). Role, membership and balance are refused",
        params: z.object({ userId: z.string().min(1).max(64) }),
        body: ZProfileUpdateSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), user: ZUserSchema }) },
      },
    },
    async (req) => {
      const row = await updateProfile(ctx, {
        caller: currentUser(req),
        userId: req.params.userId,
        body: req.body as z.output<typeof ZProfileUpdateSchema> & Record<string, unknown>,
      });
      return { success: true as const, message: PROFILE_MESSAGES.profileUpdated, user: toUserDto(row) };
    },
  );
}
