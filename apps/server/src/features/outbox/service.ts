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

/** The local mail outbox (what the mail adapter kept instead of sending, when no SMTP_URL is set). */
export const outboxService = {
  async latest(ctx: AppContext, limit: number) {
    const rows = await outboxRepo.latest(ctx.db, limit);
    return { mode: ctx.mail.kind, data: rows.map(toOutboxDto) };
  },
};
