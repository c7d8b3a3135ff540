import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { findUserByEmail } from "../core/identity/users.js";
import { appMeta, user } from "./schema/index.js";

export async function getMeta<T>(ctx: Pick<AppContext, "db">, key: string): Promise<T | undefined> {
  const row = await ctx.db.query.appMeta.findFirst({ where: eq(appMeta.key, key) });
  return row?.value as T | undefined;
}

export async function setMeta(ctx: Pick<AppContext, "db">, key: string, value: unknown) {
  await ctx.db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** A seed step runs once per database, recorded in app_meta, so restarts never duplicate demo data. */
export async function runOnce(ctx: AppContext, step: string, fn: () => Promise<void>) {
  const key = `seed:${step}`;
  if (await getMeta(ctx, key)) return;
  await fn();
  await setMeta(ctx, key, { at: new Date().toISOString() });
}

/** The first administrator: from ADMIN_EMAIL / ADMIN_PASSWORD, else generated and printed once. */
export async function ensureAdmin(ctx: AppContext, print: (line: string) => void) {
  const existingAdmin = await ctx.db.query.user.findFirst({ where: eq(user.role, "Admin") });
  if (existingAdmin) return;
  const email = ctx.env.ADMIN_EMAIL ?? "admin@mailsmith.local";
  const generated = !ctx.env.ADMIN_PASSWORD;
  const password = ctx.env.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  let row = await findUserByEmail(ctx.db, email);
  if (!row) {
    await ctx.auth.api.signUpEmail({ body: { email, password, name: "Administrator" } });
    row = await findUserByEmail(ctx.db, email);
  }
  if (!row) throw new Error(`could not create the administrator ${email}`);
  await ctx.db.update(user).set({ role: "Admin", emailVerified: true }).where(eq(user.id, row.id));
  // Verified by configuration, so the sign-up credits come now (same source key: granted once; decision 070).
  if (ctx.env.SIGNUP_BONUS_CREDITS > 0) {
    await ctx.credits.apply({
      userId: row.id,
      delta: ctx.env.SIGNUP_BONUS_CREDITS,
      reason: "signup_bonus",
      sourceKey: `signup:${row.id}`,
    });
  }
  ctx.users.invalidate(row.id);
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
