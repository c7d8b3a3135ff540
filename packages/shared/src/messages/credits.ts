/** Texts of the credit ledger (core/ledger.ts); features may pass their own insufficient-credits text. */
export const CREDIT_MESSAGES = {
  insufficient: "Insufficient credits.",
  invalidChange: "A credit change must be a non-zero whole number.",
} as const;
