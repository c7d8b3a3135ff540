import { NAME_PLACEHOLDER } from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import { insertTemplates } from "./repo.js";

const n = NAME_PLACEHOLDER;

/** A few starting templates for the Send Message modal (demo seed step). */
export const SEED_TEMPLATES = [
  {
    templateName: "Welcome",
    subject: `Welcome to Mailsmith, ${n}!`,
    body: `<h2>Hi ${n},</h2><p>Thanks for joining Mailsmith. Upload a design image and get a responsive HTML email template in seconds.</p><p>Happy building,<br>The Mailsmith team</p>`,
  },
  {
    templateName: "Credits added",
    subject: `${n}, your credits are ready`,
    body: `<p>Hi ${n},</p><p>We have added credits to your account. Each generated template costs 1 credit.</p><p>The Mailsmith team</p>`,
  },
  {
    templateName: "Support follow-up",
    subject: "How did we do?",
    body: `<p>Hi ${n},</p><p>We recently answered your support ticket. If anything is still unclear, just reply from your Support page.</p><p>The Mailsmith team</p>`,
  },
];

export async function seedEmailTemplates(ctx: AppContext) {
  await insertTemplates(ctx.db, SEED_TEMPLATES);
}
