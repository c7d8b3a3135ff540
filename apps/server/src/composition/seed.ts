import type { AppContext } from "../context.js";
import { ensureAdmin } from "../core/identity/first-admin.js";
import { runOnce } from "../db/seed.js";
import { seedCommerce } from "../features/commerce/seed.js";
import { seedContent } from "../features/content/service.js";
import { seedEmailTemplates } from "../features/messaging/seed.js";

/** Demo data hooks: each feature adds its seed step here (each runs once per database). */
export type SeedStep = (ctx: AppContext) => Promise<void>;
export const demoSeedSteps: Record<string, SeedStep> = {
  commerce: seedCommerce,
  content: seedContent,
  "email-templates": seedEmailTemplates,
};

/** At start-up: the first administrator always; the features' demo data with SEED_DEMO. */
export async function seed(ctx: AppContext, print: (line: string) => void) {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, SIGNUP_BONUS_CREDITS: signupCredits } = ctx.env;
  await ensureAdmin(ctx, { email, password, signupCredits }, print);
  if (!ctx.env.SEED_DEMO) return;
  for (const [name, step] of Object.entries(demoSeedSteps)) {
    await runOnce(ctx.db, name, () => step(ctx));
  }
}
