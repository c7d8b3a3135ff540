/**
 * The words of the emails Mailsmith itself sends (issue 45 item 6, decision 127): verification, password reset,
 * purchase receipt, account deletion, an administrator's message and a support reply. Plain text only — the server's
 * letter layout (email-engine/letters) escapes it and builds the HTML and the plain-text part with the email engine.
 */

/** How a letter greets a member without a name. */
const hi = (name: string) => `Hi ${name.trim() || "there"},`;

export const LETTER_TEXTS = {
  brand: "Mailsmith",
  footer: {
    /** Why the reader gets this email (transactional: no unsubscribe; it is about their own account). */
    account: "You get this email because of your Mailsmith account.",
    signup: "You get this email because this address was used to create a Mailsmith account.",
    closed: "You get this email because the Mailsmith account of this address was deleted.",
  },
  /** Under a button: its address as text, for a client that does not show buttons. */
  linkFallback: "If the button does not work, copy this address into your browser:",
  verify: {
    preheader: "One click to confirm your address and activate your free credits.",
    heading: "Confirm your email address",
    greeting: hi,
    body: ["Confirm your address to activate your free credits and start turning designs into emails."],
    action: "Confirm my email address",
    after: ["The link works for 24 hours. If you did not create a Mailsmith account, you can ignore this email."],
  },
  reset: {
    subject: "Reset your Mailsmith password",
    preheader: "Choose a new password: the link works for 1 hour, once.",
    heading: "Choose a new password",
    greeting: hi,
    body: ["Someone, hopefully you, asked to reset the password of your Mailsmith account."],
    action: "Choose a new password",
    after: [
      "The link works for 1 hour and only once. If you did not ask for this, ignore this email: your password stays as it is.",
    ],
  },
  receipt: {
    subject: (orderRef: string) => `Your Mailsmith receipt ${orderRef}`,
    preheader: (what: string, amount: string) => `${what}: ${amount}, paid. Your receipt is inside.`,
    heading: "Thank you for your purchase",
    greeting: hi,
    body: (credits: number | undefined, item: string) => [
      credits
        ? `Your payment went through and ${credits} credits are in your account now. Here is your receipt.`
        : `Your payment went through and ${item} is yours now. Here is your receipt.`,
    ],
    caption: "Receipt",
    rows: {
      package: "Package",
      item: "Item",
      credits: "Credits",
      amount: "Amount paid",
      order: "Order reference",
      date: "Date",
    },
    action: "Start generating",
    itemAction: "Open my purchases",
    after: ["Keep this email for your records. Questions about this order? Reply from your account's Support page."],
  },
  accountClosed: {
    subject: "Your Mailsmith account was deleted",
    preheader: "Your account and its data are gone; orders are kept without your name, as the law requires.",
    heading: "Your account was deleted",
    greeting: hi,
    body: (byAdmin: boolean) => [
      byAdmin
        ? "An administrator deleted your Mailsmith account. You can no longer sign in with this address."
        : "As you asked, your Mailsmith account is deleted. You can no longer sign in with this address.",
      "Your templates, brand kits, pictures and profile are removed. Your orders are kept under a reference without your name or address, as accounting law requires.",
    ],
    after: ["If you did not ask for this, reply to the Mailsmith team from the contact page of the site."],
    action: "Visit Mailsmith",
  },
  adminMessage: {
    preheader: (subject: string) => subject,
    /** The message is the administrator's own: it comes under their subject as heading. */
    after: ["This message was sent by the Mailsmith team about your account."],
  },
  supportReply: {
    preheader: (subject: string) => `Our support team answered your ticket "${subject}".`,
    heading: "Support answered your ticket",
    greeting: hi,
    body: (subject: string) => [`Our support team replied to your ticket "${subject}":`],
    action: "See the conversation",
  },
} as const;
