/** The profile screens' texts (/update-profile and admin settings → Account). */
export const PROFILE_UI_TEXTS = {
  title: "Update Profile",
  intro: "Your photo and personal information.",
  accountSettings: "Account Settings",
  // Photo card.
  photoHeading: "Profile photo",
  photoAlt: (name: string) => `${name}'s profile`,
  choosePhoto: "Choose a profile photo",
  uploading: "Uploading...",
  changePhoto: "Change Photo",
  removePhoto: "Remove Photo",
  photoHint: "JPEG, PNG, GIF or WebP, up to 2 MB.",
  // Personal information form.
  personalInfo: "Personal Information",
  fullName: "Full Name",
  email: "Email Address",
  aboutMe: "About Me",
  address: "Address",
  phone: "Phone Number",
  city: "City",
  country: "Country",
  language: "Language of your emails",
  languageHint:
    "Written as the email's language (for screen readers and translation) when its text is too short to tell; longer text decides by itself.",
  /** Each language in English, then in its own words (a reader looks for either). */
  languageNames: {
    en: "English",
    fr: "French (français)",
    de: "German (Deutsch)",
    es: "Spanish (español)",
    it: "Italian (italiano)",
    pt: "Portuguese (português)",
    nl: "Dutch (Nederlands)",
    pl: "Polish (polski)",
    sv: "Swedish (svenska)",
    da: "Danish (dansk)",
    ja: "Japanese (日本語)",
    zh: "Chinese (中文)",
    ar: "Arabic (العربية)",
  } as Record<string, string>,
  saving: "Saving...",
  save: "Save Changes",
} as const;

/** Delete my account and Download my data: server answers. */
export const MEMBER_DATA_MESSAGES = {
  wrongPassword: "The password is not correct.",
  freshSignInRequired: (minutes: number) =>
    `For your safety, sign out and sign in with Google again, then delete your account within ${minutes} minutes.`,
  adminCannotDeleteSelf: "An administrator account cannot be deleted from its own profile. Ask another administrator.",
  tooManyAttempts: "Too many wrong passwords. Please wait a few minutes and try again.",
  exportNotFound: "There is no such export.",
  exportLinkExpired: "This download link has expired. Prepare a new export from your profile.",
  exportLinkInvalid: "This download link is not valid.",
  storageUnavailable: "Stored files cannot be read right now. Please try again later.",
} as const;

/** The profile page's "Your data" and "Danger zone" sections. */
export const MEMBER_DATA_UI_TEXTS = {
  dataHeading: "Your data",
  dataIntro:
    "Download a zip of your profile, orders, credit history, support tickets and templates (HTML, text and pictures).",
  downloadData: "Download my data",
  preparing: "Preparing your data…",
  queued: "Waiting to start…",
  ready: (expires: string) => `Your data is ready. The link works until ${expires}.`,
  downloadZip: "Download the zip",
  prepareAgain: "Prepare again",
  failed: "Preparing your data failed. Please try again.",
  expired: "The last link has expired. Prepare a new one.",
  dangerHeading: "Danger zone",
  dangerIntro: "Deleting your account cannot be undone.",
  deleteAccount: "Delete my account",
  dialogTitle: "Delete your account?",
  whatGoes:
    "Your profile, photo, templates, uploaded designs, support tickets and remaining credits are deleted, and you are signed out everywhere.",
  whatStays: "Your orders and payments are kept, as accounting law requires, but no longer linked to any account.",
  noBonusAgain: "Signing up again with the same address is possible, but without a second sign-up bonus.",
  passwordLabel: "Your password",
  googleNote: (minutes: number) =>
    `Signed up with Google and no password? Leave this empty: it works within ${minutes} minutes of signing in.`,
  cancel: "Cancel",
  confirmDelete: "Delete my account for good",
  deleting: "Deleting…",
  deleteFailed: "Your account could not be deleted. Please try again.",
} as const;
