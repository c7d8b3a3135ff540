import { LETTER_TEXTS as L, VERIFY_EMAIL_SUBJECT } from "@mailsmith/shared";
import type { Letter } from "./letter.js";

/**
 * Every letter the product sends, from its words (decision 127). Pure: the callers (Better Auth's hooks, the capture,
 * account deletion, messaging, support) pass the values; the LetterSender lays them out with the email engine.
 */
export const letters = {
  verify: (name: string, url: string): Letter => ({
    subject: VERIFY_EMAIL_SUBJECT,
    preheader: L.verify.preheader,
    heading: L.verify.heading,
    greeting: L.verify.greeting(name),
    paragraphs: [...L.verify.body],
    action: { label: L.verify.action, url },
    after: [...L.verify.after],
    reason: L.footer.signup,
  }),

  reset: (name: string, url: string): Letter => ({
    subject: L.reset.subject,
    preheader: L.reset.preheader,
    heading: L.reset.heading,
    greeting: L.reset.greeting(name),
    paragraphs: [...L.reset.body],
    action: { label: L.reset.action, url },
    after: [...L.reset.after],
    reason: L.footer.account,
  }),

  /** After a capture: a package (with its credits) or a premium item. */
  receipt: (input: {
    name: string;
    packageName: string;
    /** A package's credits; absent for an item. */
    credits?: number;
    amount: string;
    orderRef: string;
    date: string;
    url: string;
  }): Letter => ({
    subject: L.receipt.subject(input.orderRef),
    preheader: L.receipt.preheader(input.packageName, input.amount),
    heading: L.receipt.heading,
    greeting: L.receipt.greeting(input.name),
    paragraphs: L.receipt.body(input.credits, input.packageName),
    details: {
      caption: L.receipt.caption,
      rows: [
        [input.credits === undefined ? L.receipt.rows.item : L.receipt.rows.package, input.packageName],
        ...(input.credits === undefined ? [] : [[L.receipt.rows.credits, String(input.credits)] as [string, string]]),
        [L.receipt.rows.amount, input.amount],
        [L.receipt.rows.order, input.orderRef],
        [L.receipt.rows.date, input.date],
      ],
    },
    action: { label: input.credits === undefined ? L.receipt.itemAction : L.receipt.action, url: input.url },
    after: [...L.receipt.after],
    reason: L.footer.account,
  }),

  accountClosed: (input: { name: string; byAdmin: boolean; url: string }): Letter => ({
    subject: L.accountClosed.subject,
    preheader: L.accountClosed.preheader,
    heading: L.accountClosed.heading,
    greeting: L.accountClosed.greeting(input.name),
    paragraphs: L.accountClosed.body(input.byAdmin),
    action: { label: L.accountClosed.action, url: input.url },
    after: [...L.accountClosed.after],
    reason: L.footer.closed,
  }),

  /** An administrator's message: their subject as heading, their HTML body (sanitised by the engine). */
  adminMessage: (input: { subject: string; bodyHtml: string }): Letter => ({
    subject: input.subject,
    preheader: L.adminMessage.preheader(input.subject),
    heading: input.subject,
    paragraphs: [],
    bodyHtml: input.bodyHtml,
    after: [...L.adminMessage.after],
    reason: L.footer.account,
  }),

  supportReply: (input: {
    name: string;
    subject: string;
    mailSubject: string;
    message: string;
    link?: string;
  }): Letter => ({
    subject: input.mailSubject,
    preheader: L.supportReply.preheader(input.subject),
    heading: L.supportReply.heading,
    greeting: L.supportReply.greeting(input.name),
    paragraphs: L.supportReply.body(input.subject),
    quote: input.message,
    ...(input.link ? { action: { label: L.supportReply.action, url: input.link } } : {}),
    reason: L.footer.account,
  }),
};

/**
 * One letter of every fixed shape the product sends (the parts it has and how many paragraphs and rows; the words do
 * not matter), for LetterSender.prepare at start-up. An administrator's message has no fixed shape.
 */
export function letterShapes(url: string): Letter[] {
  const receipt = { name: "a", packageName: "a", amount: "a", orderRef: "a", date: "a", url };
  const reply = { name: "a", subject: "a", mailSubject: "a", message: "a" };
  return [
    letters.verify("a", url),
    letters.reset("a", url),
    letters.receipt({ ...receipt, credits: 1 }),
    letters.receipt(receipt),
    letters.accountClosed({ name: "a", byAdmin: true, url }),
    letters.accountClosed({ name: "a", byAdmin: false, url }),
    letters.supportReply(reply),
    letters.supportReply({ ...reply, link: url }),
  ];
}
