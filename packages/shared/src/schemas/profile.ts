import { z } from "zod";

/** Profile photo limit (spec: 2 MB, 2097152 bytes). */
export const MAX_PROFILE_IMAGE_BYTES = 2_097_152;
/** Raster formats the upload accepts (checked on the content, not the name). */
export const PROFILE_IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

export const PROFILE_MESSAGES = {
  imageUploaded: "Image uploaded successfully!",
  imageUploadFailed: "Failed to upload image.",
  imageTooLarge: "File size exceeds 2 MB. Please upload a smaller image.",
  imageNotImage: "Only image files (JPEG, PNG, GIF or WebP) can be uploaded.",
  imageMissing: "Please choose an image to upload.",
  profileUpdated: "Profile updated successfully!",
  profileUpdateFailed: "Failed to update profile.",
  profileUpdateFailedWith: (message?: string) => `Failed to update profile: ${message || "Unknown error"}`,
  profileUpdateError: "An error occurred while updating your profile.",
  loadUserFailed: "Failed to load user data",
  emailReadOnly: "Email address cannot be changed",
  settingsUserMissing: "User data could not be loaded. Please try again later.",
  photoRemoved: "Photo removed.",
  forbiddenFields: "You cannot change your role, membership or balance.",
  notYourProfile: "You can only update your own profile.",
  /** A photo address naming a stored file that is not this member's own upload. */
  photoNotYours: "That picture is not one of your uploads. Please upload your photo again.",
  languageUnknown: "Please choose one of the languages in the list.",
} as const;

const text = (max: number) => z.string().trim().max(max);

/**
 * The languages a member may choose for their emails (BCP 47, decision 133): what the accessibility fix writes as an
 * email's `lang` when its text is too short or too mixed to tell. The reader's languages first.
 */
export const EMAIL_LANGUAGES = ["en", "fr", "de", "es", "it", "pt", "nl", "pl", "sv", "da", "ja", "zh", "ar"] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];
export const DEFAULT_EMAIL_LANGUAGE: EmailLanguage = "en";
export const ZEmailLanguageSchema = z.enum(EMAIL_LANGUAGES, { error: PROFILE_MESSAGES.languageUnknown });

/**
 * PUT /api/update-user-profile/{userId} (spec payload: userName, aboutMe, profileURL, email, address,
 * city, country, phone). Email is read-only and ignored; role, membership and balance are refused
 * with 403 (PROFILE_FORBIDDEN_FIELDS).
 */
export const ZProfileUpdateSchema = z
  .object({
    userName: text(120).min(1, "Full Name is required"),
    aboutMe: text(2000).default(""),
    profileURL: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === "" || v.startsWith("/uploads/") || /^https?:\/\/[^\s]+$/i.test(v), {
        message: "The photo must be an uploaded image or an http(s) URL",
      })
      .nullable()
      .optional(),
    email: z.string().optional(),
    address: text(300).default(""),
    city: text(120).default(""),
    country: text(120).default(""),
    phone: text(40).default(""),
    /** Left out: the language stays as it is (older forms and API clients do not send it). */
    language: ZEmailLanguageSchema.optional(),
  })
  .passthrough();
export type TProfileUpdate = z.input<typeof ZProfileUpdateSchema>;

/** Fields a profile update may never carry (they change only through the admin users screen). */
export const PROFILE_FORBIDDEN_FIELDS = [
  "userRole",
  "role",
  "userMembership",
  "membership",
  "currentBalance",
  "balance",
  "banned",
  "membershipValidity",
] as const;

/** The form's own values (all strings). */
export const ZProfileFormSchema = z.object({
  userName: text(120).min(1, "Full Name is required"),
  aboutMe: text(2000),
  address: text(300),
  city: text(120),
  country: text(120),
  phone: text(40),
  language: ZEmailLanguageSchema,
});
export type TProfileForm = z.infer<typeof ZProfileFormSchema>;

/** POST /api/image-server/upload answer: the old image host's shape, file.url. */
export const ZImageUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  file: z.object({ url: z.string(), size: z.number().int(), mimeType: z.string() }),
});
export type TImageUploadResponse = z.infer<typeof ZImageUploadResponseSchema>;

/** A Google-only account (no password) confirms a deletion by having signed in within this many minutes. */
export const FRESH_SIGN_IN_MINUTES = 10;
/** How long the link to a prepared data export works (and its zip is kept). */
export const DATA_EXPORT_TTL_HOURS = 24;

/** DELETE /api/me: the password confirms it (a Google-only account leaves it out and signs in again instead). */
export const ZDeleteAccountSchema = z.object({ password: z.string().max(1024).optional() });
export type TDeleteAccount = z.infer<typeof ZDeleteAccountSchema>;

/** A "Download my data" job as the member sees it (GET and POST /api/me/export). */
export const ZDataExportSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "ready", "failed", "expired"]),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** Only while ready: the expiring signed link to the zip. */
  url: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExportSchema>;
export const ZDataExportResponseSchema = z.object({ export: ZDataExportSchema.nullable() });
export type TDataExportResponse = z.infer<typeof ZDataExportResponseSchema>;
