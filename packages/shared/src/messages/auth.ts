/**
 * Texts of the auth routes and of the account emails the server sends through Better Auth (the spec's sign-in and
 * reset texts are AUTH_MESSAGES in messages.ts; the verification subject is VERIFY_EMAIL_SUBJECT).
 */
export const AUTH_ROUTE_MESSAGES = {
  invalidRequest: "Invalid request",
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
} as const;

/** How an account email greets a member without a name. */
const greetingName = (name: string) => name || "there";

export const AUTH_MAIL_TEXTS = {
  greetingName,
  resetSubject: "Reset your Mailsmith password",
  resetText: (name: string, url: string) =>
    `Hi ${greetingName(name)},\n\nOpen this link to choose a new password (valid for 1 hour, usable once):\n${url}\n\nIf you did not ask for this, ignore this email.`,
  /** From values the caller has already escaped. */
  resetHtml: (safeName: string, safeUrl: string) =>
    `<p>Hi ${safeName},</p><p><a href="${safeUrl}">Choose a new password</a> (valid for 1 hour, usable once).</p><p>If you did not ask for this, ignore this email.</p>`,
  verifyText: (name: string, url: string) =>
    `Hi ${greetingName(name)},\n\nConfirm your email address to activate your free credits:\n${url}\n\nThe link is valid for 24 hours. If you did not create a Mailsmith account, ignore this email.`,
  /** From values the caller has already escaped. */
  verifyHtml: (safeName: string, safeUrl: string) =>
    `<p>Hi ${safeName},</p><p><a href="${safeUrl}">Confirm your email address</a> to activate your free credits.</p><p>The link is valid for 24 hours. If you did not create a Mailsmith account, ignore this email.</p>`,
} as const;
