import { SECURITY_MESSAGES } from "./schemas/security-texts.js";

/** User-facing texts quoted by the spec (§8). Components and the server import them from here. */
export const AUTH_MESSAGES = {
  popupClosed: "Sign-in popup closed by user.",
  popupBlocked: "Sign-in popup was blocked. Please allow popups for this site.",
  popupCancelled: "Sign-in cancelled. Please try again.",
  network: "Network error. Please check your connection and try again.",
  userNotFound: "No account found with this email address.",
  wrongPassword: "Incorrect password. Please try again.",
  invalidEmail: "Invalid email address format.",
  userDisabled: "This account has been disabled.",
  tooManyRequests: "Too many failed login attempts. Please try again later.",
  loginOther: "An error occurred during login. Please try again.",
  emailInUse: "This email is already in use. Please try another one.",
  weakPassword: "Password is too weak. Please use a stronger password.",
  registrationDisabled: "Email/password registration is not enabled.",
  registrationOther: "An error occurred during registration. Please try again.",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  passwordRules: "At least 6 characters. Avoid common passwords and ones you use elsewhere.",
  createUserFailed: "Failed to create user",
  resetEmailRequired: "Please enter your email address.",
  resetUserNotFound: "No user found with this email address.",
  resetInvalidEmail: "Please enter a valid email address.",
  resetOther: "An unexpected error occurred. Please try again later.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  resetDone: "Your password has been changed. You can now sign in with your new password.",
} as const;

export const GUARD_MESSAGES = {
  notAuthorizedTitle: "Not Authorized",
  notAuthorized: "You can't access this page; this route is only accessible for Admin.",
  notFound: "Page Not Found",
  notFoundText: "The page you are looking for does not exist or has moved.",
  notFoundSearchLabel: "Search the site's pages",
  notFoundNoMatch: "No page matches your search.",
  errorTitle: "Something went wrong",
  errorText: "An unexpected error occurred. Reload the page to try again; if it keeps happening, contact support.",
} as const;

/** Said when the server failed on its side (a 5xx): nothing was changed; what to do. */
export const SERVER_ERROR_MESSAGE =
  "Something went wrong on our side and nothing was changed. Please try again in a minute; if it keeps happening, tell us from the Support page.";

export const FETCH_MESSAGES = {
  /**
   * A failed request in words (replaces the spec's "HTTP error! Status: {code}": no
   * status code on a page): what happened and what to do.
   */
  httpError: (status: number) =>
    status >= 500
      ? "The server had a problem and could not answer. Please try again in a minute."
      : status === 401 || status === 403
        ? "Your session has ended or this page is not open to you. Please sign in again."
        : status === 404
          ? "This could not be found: it may have been removed. Please reload the page."
          : status === 429
            ? "Too many requests at once. Please wait a minute and try again."
            : "This request could not be completed. Please reload the page and try again.",
  network: "Network error or server not responding",
} as const;

/** Error codes the server sends on auth failures; the web maps them to AUTH_MESSAGES. */
export const AUTH_ERROR_CODES = {
  userNotFound: "USER_NOT_FOUND",
  invalidPassword: "INVALID_PASSWORD",
  userDisabled: "USER_DISABLED",
  tooManyRequests: "TOO_MANY_REQUESTS",
} as const;

const LOGIN_CODE_MESSAGES: Record<string, string> = {
  USER_NOT_FOUND: AUTH_MESSAGES.userNotFound,
  INVALID_PASSWORD: AUTH_MESSAGES.wrongPassword,
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.wrongPassword,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  USER_DISABLED: AUTH_MESSAGES.userDisabled,
  BANNED_USER: AUTH_MESSAGES.userDisabled,
  TOO_MANY_REQUESTS: AUTH_MESSAGES.tooManyRequests,
  NETWORK: AUTH_MESSAGES.network,
};

const REGISTER_CODE_MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailInUse,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.weakPassword,
  PASSWORD_TOO_LONG: AUTH_MESSAGES.weakPassword,
  EMAIL_PASSWORD_SIGN_UP_DISABLED: AUTH_MESSAGES.registrationDisabled,
  EMAIL_PASSWORD_DISABLED: AUTH_MESSAGES.registrationDisabled,
  NETWORK: AUTH_MESSAGES.network,
  TOO_MANY_REQUESTS: AUTH_MESSAGES.tooManyRequests,
  PASSWORD_TOO_COMMON: SECURITY_MESSAGES.commonPassword,
  TOO_MANY_SIGNUPS: SECURITY_MESSAGES.tooManySignUps,
  CONTROL_CHARACTERS: SECURITY_MESSAGES.controlCharacters,
  NAME_TOO_LONG: SECURITY_MESSAGES.nameTooLong,
};

const RESET_CODE_MESSAGES: Record<string, string> = {
  USER_NOT_FOUND: AUTH_MESSAGES.resetUserNotFound,
  INVALID_EMAIL: AUTH_MESSAGES.resetInvalidEmail,
  INVALID_TOKEN: AUTH_MESSAGES.resetLinkInvalid,
  NETWORK: AUTH_MESSAGES.network,
  PASSWORD_TOO_COMMON: SECURITY_MESSAGES.commonPassword,
  TOO_MANY_RESETS: SECURITY_MESSAGES.tooManyResets,
};

export function loginErrorMessage(code: string | undefined): string {
  return (code && LOGIN_CODE_MESSAGES[code]) || AUTH_MESSAGES.loginOther;
}
export function registerErrorMessage(code: string | undefined): string {
  return (code && REGISTER_CODE_MESSAGES[code]) || AUTH_MESSAGES.registrationOther;
}
export function resetErrorMessage(code: string | undefined): string {
  return (code && RESET_CODE_MESSAGES[code]) || AUTH_MESSAGES.resetOther;
}

/** The two legal pages the sign-up form links to. */
export const LEGAL_PAGES = {
  terms: {
    title: "Terms of Service",
    sections: [
      {
        heading: "Your account",
        body: "You need an account to generate templates. Keep your password to yourself; you are responsible for what is done with your account.",
      },
      {
        heading: "Credits and payments",
        body: "Generating a template uses credits. Credits are bought in packages through PayPal and are granted once the payment is captured. A failed generation gives its credit back.",
      },
      {
        heading: "Your content",
        body: "The design images you upload and the emails generated from them are yours. We keep them only to show them to you and delete them when you delete them.",
      },
      {
        heading: "Fair use",
        body: "Do not use the service to make emails for spam, phishing or anything unlawful. We may suspend accounts that do.",
      },
    ],
  },
  privacy: {
    title: "Privacy Policy",
    sections: [
      {
        heading: "What we store",
        body: "Your name, email address, optional profile details, your orders, your credit history, your uploaded designs and generated templates, and support messages.",
      },
      {
        heading: "Why",
        body: "To run your account, generate and keep your templates, process payments and answer support requests. We do not sell your data.",
      },
      {
        heading: "Who else sees it",
        body: "PayPal processes payments; the AI provider receives the designs and instructions you submit for a generation. Nobody else.",
      },
      {
        heading: "Your choices",
        body: "You can change your profile at any time and ask support to delete your account and its data.",
      },
    ],
  },
} as const;

/** The screen after a successful payment. */
export const PAYMENT_SUCCESS_TEXTS = {
  title: "Payment successful",
  bought: (name: string, total: string) => `You bought ${name} for ${total}.`,
  creditsAdded: (credits: number) => `${credits} credits were added to your account.`,
  /** A purchase on a balance a refund or reversal left below zero: the credits paid that off first. */
  creditsPaidOff: (added: number, paidOff: number, balanceAfter: number) =>
    paidOff >= added
      ? balanceAfter < 0
        ? `${added} credits bought: all ${added} paid off part of the balance you owed. You still owe ${-balanceAfter}.`
        : `${added} credits bought: all ${added} paid off the balance you owed.`
      : `${added} credits bought: ${paidOff} paid off the balance you owed, ${added - paidOff} were added to your account.`,
  balance: "Your credit balance",
  next: "Generate a template",
  dismiss: "Dismiss",
} as const;

/** The admin editor frame. */
export const EDITOR_TEXTS = {
  unsaved: "Unsaved changes",
  unsavedTitle: "Leave without saving?",
  unsavedText: "You have unsaved changes on this page. If you leave now they are lost.",
  stay: "Stay on this page",
  leave: "Leave without saving",
  save: "Save Changes",
  saving: "Saving...",
  discard: "Discard changes",
  discardConfirm: "Discard your unsaved changes and go back to the stored values?",
  resetToDefault: "Reset to Default",
  preview: "Live Preview",
  previewNote: "What the page shows with the values above, before you save.",
  checkFields: "Please check the highlighted fields",
} as const;

/** The admin data table and its row-actions menu (components/ui/data-table, row-actions). */
export const TABLE_TEXTS = {
  scrollHint: "Scroll sideways for more columns",
  noRows: "No rows",
  actions: "Actions",
  actionsFor: (name: string) => `Actions for ${name}`,
  /** The toast action that reverses a cheap change (disable/enable). */
  undo: "Undo",
  /** A scrolling table's accessible name when it has no caption. */
  table: "Table",
  /** The scroll box of a table wider than its box: a landmark named apart from the section holding the table. */
  scrollRegion: (caption: string) => `${caption}, scrolls sideways`,
  /** A table box taller than the screen: its own name, so it never repeats another landmark's (axe landmark-unique). */
  scrollRegionDown: (caption: string) => `${caption}, scrolls down`,
  // The pager under a table.
  pagination: "Pagination",
  previous: "Previous",
  next: "Next",
  page: (n: number) => `Page ${n}`,
  showing: (from: number, to: number, total: number) =>
    total === 0 ? "Showing 0 to 0 of 0 entries" : `Showing ${from} to ${to} of ${total} entries`,
} as const;

/** /admin/outbox: mail kept locally when the server has no SMTP_URL. */
export const OUTBOX_TEXTS = {
  title: "Mail Outbox",
  loadFailed: "Failed to load the outbox",
  empty: "No mail yet.",
  preview: "Mail preview",
  documentTitle: "Outbox - Mailsmith Admin",
  /** The intro around the `SMTP_URL` variable name (a code element between the two parts). */
  introBeforeVariable: "Without SMTP settings, outgoing mail is kept here instead of being sent. Set ",
  introAfterVariable: " to deliver it.",
  /** With SMTP configured: where mail goes, and what this list still is. */
  smtpDelivery: (server: string, from: string) =>
    `Mail is delivered through the SMTP server ${server}, sent as ${from}.`,
  smtpList: "The list below holds only mail kept before SMTP was set up; new mail is not added to it.",
  textPart: "Plain-text part",
  to: "To",
  subject: "Subject",
  date: "Date",
  pages: "Outbox pages",
  caption: "Outbox",
} as const;
