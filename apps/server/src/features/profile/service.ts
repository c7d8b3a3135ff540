import { PROFILE_FORBIDDEN_FIELDS, PROFILE_MESSAGES, type ZProfileUpdateSchema } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../core/identity/users.js";
import { user } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../lib/app-error.js";
import { assertOwnerOrAdmin } from "../../plugins/access.js";

type ProfileUpdate = z.output<typeof ZProfileUpdateSchema>;

/**
 * Updates the profile fields of one user. Members may update only themselves; nobody changes
 * role, membership or balance here (403), and the email is read-only (ignored).
 */
export async function updateProfile(
  ctx: Pick<AppContext, "db" | "users">,
  input: { caller: UserRow; userId: string; body: ProfileUpdate & Record<string, unknown> },
): Promise<UserRow> {
  const { caller, userId, body } = input;
  assertOwnerOrAdmin(caller, userId === caller.id ? caller.id : null, PROFILE_MESSAGES.notYourProfile);
  if (PROFILE_FORBIDDEN_FIELDS.some((f) => body[f] !== undefined)) {
    throw forbidden(PROFILE_MESSAGES.forbiddenFields, "FORBIDDEN_FIELDS");
  }
  // One statement: a missing user updates no row (no read before the write).
  const [row] = await ctx.db
    .update(user)
    .set({
      name: body.userName,
      aboutMe: body.aboutMe,
      address: body.address,
      city: body.city,
      country: body.country,
      phone: body.phone,
      ...(body.profileURL !== undefined ? { image: body.profileURL || null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(user.id, userId))
    .returning();
  if (!row) throw notFound("User not found.", "USER_NOT_FOUND");
  ctx.users.invalidate(userId);
  return row;
}
