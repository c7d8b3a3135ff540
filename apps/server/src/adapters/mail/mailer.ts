import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "../../db/client.js";
import { outbox } from "../../db/schema/index.js";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  /** SMTP only: connects, greets and authenticates without sending (nodemailer's verify), for System status. */
  verify?(): Promise<void>;
}

/** Real delivery through any SMTP server (SMTP_URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer waits up to 2 minutes for a connection and 10 minutes on an idle socket by default: a stalled SMTP
  // server would hold the request that sends (password reset, test send) that long.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async verify() {
      await transport.verify();
    },
  };
}

/** Local stand-in: mail is stored in the database and readable by admins at /admin/outbox. */
export function createOutboxMailer(db: Db, log: Logger): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({ toEmail: message.to, subject: message.subject, html: message.html, text: message.text })
        .returning({ id: outbox.id });
      log.info(
        { outboxId: row?.id, to: message.to, subject: message.subject },
        "mail written to the outbox (no SMTP_URL): read it at /admin/outbox",
      );
    },
  };
}
