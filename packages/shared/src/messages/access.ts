/** Texts of the kernel's access checks (who may call what), answered by every feature's routes. */
export const ACCESS_MESSAGES = {
  adminOnly: "This action is only available to administrators.",
  ownRecordsOnly: "You can only access your own records.",
  ownRecordOnly: "You can only read your own record.",
} as const;
