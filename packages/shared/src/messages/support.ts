/** The email a member gets when support answers their ticket (the spec does not word it). */
export const SUPPORT_REPLY_MAIL = {
  subject: (ticketSubject: string) => `Re: ${ticketSubject}`,
  /** Plain-text body; `link` only for tickets filed from the member area (contact messages have no page). */
  text: (input: { name: string; subject: string; message: string; link?: string }) =>
    `Hi ${input.name},\n\nOur support team replied to your ticket "${input.subject}":\n\n${input.message}\n\n${input.link ? `See the conversation: ${input.link}\n` : ""}`,
  /** HTML body from values the caller has already escaped (the server escapes; the reply's line breaks as <br>). */
  html: (escaped: { name: string; subject: string; messageHtml: string; link?: string }) =>
    `<p>Hi ${escaped.name},</p><p>Our support team replied to your ticket <strong>${escaped.subject}</strong>:</p><blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escaped.messageHtml}</blockquote>${escaped.link ? `<p><a href="${escaped.link}">See the conversation</a></p>` : ""}`,
} as const;
