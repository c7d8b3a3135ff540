/** Texts of the uploads feature that the spec does not word (its photo texts are PROFILE_MESSAGES). */
export const UPLOAD_MESSAGES = {
  fileNotFound: "File not found.",
} as const;
