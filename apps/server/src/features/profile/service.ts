import {
  PROFILE_FORBIDDEN_FIELDS,
  PROFILE_MESSAGES,
  USERS_MESSAGES,
  type ZProfileUpdateSchema,
} from "@mailsmith/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../core/identity/users.js";
import { forbidden, notFound } from "../../lib/app-error.js";
import { assertOwnerOrAdmin } from "../../plugins/access.js";
import { updateProfileFields } from "./repo.js";

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
  const row = await updateProfileFields(ctx.db, userId, {
    name: body.userName,
    aboutMe: body.aboutMe,
    address: body.address,
    city: body.city,
    country: body.country,
    phone: body.phone,
    ...(body.profileURL !== undefined ? { image: body.profileURL || null } : {}),
  });
  if (!row) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
  ctx.users.invalidate(userId);
  return row;
}
