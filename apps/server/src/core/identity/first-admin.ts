import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { user } from "../../db/schema/index.js";
import type { Credits } from "../ledger.js";
import type { Auth } from "./auth.js";
import type { UserCache } from "./user-cache.js";
import { findUserByEmail } from "./users.js";

/** What creating the first administrator needs (the app's context has all of it). */
export interface FirstAdminDeps {
  db: Db;
  auth: Auth;
  credits: Credits;
  users: Pick<UserCache, "invalidate">;
}

/** ADMIN_EMAIL / ADMIN_PASSWORD / SIGNUP_BONUS_CREDITS, read by env.ts and handed in by the composition root. */
export interface FirstAdminSettings {
  email?: string;
  password?: string;
  signupCredits: number;
}

/** The first administrator: from ADMIN_EMAIL / ADMIN_PASSWORD, else generated and printed once. */
export async function ensureAdmin(deps: FirstAdminDeps, settings: FirstAdminSettings, print: (line: string) => void) {
  const existingAdmin = await deps.db.query.user.findFirst({ where: eq(user.role, "Admin") });
  if (existingAdmin) return;
  const email = settings.email ?? "admin@mailsmith.local";
  const generated = !settings.password;
  const password = settings.password ?? randomBytes(12).toString("base64url");
  let row = await findUserByEmail(deps.db, email);
  if (!row) {
    await deps.auth.api.signUpEmail({ body: { email, password, name: "Administrator" } });
    row = await findUserByEmail(deps.db, email);
  }
  if (!row) throw new Error(`could not create the administrator ${email}`);
  await deps.db.update(user).set({ role: "Admin", emailVerified: true }).where(eq(user.id, row.id));
  // Verified by configuration, so the sign-up credits come now (same source key: granted once).
  if (settings.signupCredits > 0) {
    await deps.credits.apply({
      userId: row.id,
      delta: settings.signupCredits,
      reason: "signup_bonus",
      sourceKey: `signup:${row.id}`,
    });
  }
  deps.users.invalidate(row.id);
  if (generated) {
    print(
      [
        "",
        "==================================================================",
        "  Administrator account created (shown only this once):",
        `    email:    ${email}`,
        `    password: ${password}`,
        "  Set ADMIN_EMAIL / ADMIN_PASSWORD to choose them yourself.",
        "==================================================================",
        "",
      ].join("\n"),
    );
  } else {
    print(`Administrator account created: ${email}`);
  }
}
