import type { AppContext } from "../../context.js";
import { type OutboxRow, outboxRepo } from "./repo.js";

function toOutboxDto(r: OutboxRow) {
  return {
    _id: r.id,
    toEmail: r.toEmail,
    subject: r.subject,
    html: r.html,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Where mail goes with SMTP_URL set: the server and port, never the account or password in the URL. */
function smtpDestination(ctx: Pick<AppContext, "env">): { server: string; from: string } | undefined {
  if (!ctx.env.SMTP_URL) return undefined;
  try {
    const url = new URL(ctx.env.SMTP_URL);
    const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
    return { server: `${url.hostname}:${port}`, from: ctx.env.MAIL_FROM };
  } catch {
    return undefined;
  }
}

/**
 * The local mail outbox (what the mail adapter kept instead of sending, when no SMTP_URL is set) and, with SMTP, where
 * mail goes now: the page says so instead of describing the outbox only.
 */
export const outboxService = {
  async latest(ctx: AppContext, limit: number) {
    const rows = await outboxRepo.latest(ctx.db, limit);
    const smtp = ctx.mail.kind === "smtp" ? smtpDestination(ctx) : undefined;
    return { mode: ctx.mail.kind, ...(smtp ? { smtp } : {}), data: rows.map(toOutboxDto) };
  },
};
