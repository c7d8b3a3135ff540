import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema/index.js";

/** Kept for admins (abuse checks): the address a member signed up from. */
export async function recordSignupIp(db: DbOrTx, userId: string, ip: string) {
  await db
    .update(user)
    .set({ signupIp: ip.slice(0, 64) })
    .where(eq(user.id, userId));
}
