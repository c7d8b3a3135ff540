import { randomBytes } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

/**
 * The email as a mailbox provider would receive it (decision 110): an RFC 5322 message from the member's sender, with
 * Date, Message-ID, a multipart/alternative text + HTML body and, when the email has an unsubscribe link, a
 * List-Unsubscribe header (as an ESP adds it). SpamAssassin scores this, not the bare HTML.
 */
export interface MessageInput {
  /** The sender: the member's name and address. */
  from: { name?: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** The email's unsubscribe link, if it has one. */
  unsubscribeUrl?: string;
}

/** A recipient on a reserved domain: the message is scored, never sent. */
const RECIPIENT = "reader@example.com";

export async function composeMessage(input: MessageInput): Promise<Buffer> {
  const domain = input.from.address.split("@")[1] || "example.com";
  const mail = new MailComposer({
    from: input.from.name ? { name: input.from.name, address: input.from.address } : input.from.address,
    to: RECIPIENT,
    subject: input.subject,
    date: new Date(),
    messageId: `<${randomBytes(12).toString("hex")}@${domain}>`,
    text: input.text,
    html: input.html,
    ...(input.unsubscribeUrl ? { list: { unsubscribe: input.unsubscribeUrl } } : {}),
  });
  return mail.compile().build();
}
