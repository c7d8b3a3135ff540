/** The subject of the email a member gets when support answers their ticket (its words: LETTER_TEXTS.supportReply). */
export const SUPPORT_REPLY_MAIL = {
  subject: (ticketSubject: string) => `Re: ${ticketSubject}`,
} as const;
