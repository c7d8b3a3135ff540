/** Texts of the credit ledger (core/ledger.ts); features may pass their own insufficient-credits text. */
export const CREDIT_MESSAGES = {
  insufficient: "Insufficient credits.",
  invalidChange: "A credit change must be a non-zero whole number.",
} as const;

/**
 * A credit balance as members and admins read it. Below zero it carries a true minus sign (−50): a hyphen is easy to
 * miss in a small chip, and a refund or reversal of spent credits is the one way a balance gets there.
 */
export function formatCredits(balance: number): string {
  return balance < 0 ? `\u2212${-balance}` : String(balance);
}

/** Of `added` credits that left the balance at `balanceAfter`, how many paid off a balance below zero. */
export function creditsPaidOff(added: number, balanceAfter: number): number {
  return Math.min(added, Math.max(0, added - balanceAfter));
}

/** Where a balance below zero is shown (header, member shell, dashboard, payment success). */
export const CREDIT_BALANCE_TEXTS = {
  /** The shell's chip, read by screen readers: the number alone does not say that it is owed. */
  chipLabel: (balance: number) =>
    balance < 0
      ? `Credits: ${formatCredits(balance)}, owed. Buy credits`
      : `Credits: ${formatCredits(balance)}. Buy credits`,
  balanceIs: "Your credit balance is",
  owedNote: (balance: number) =>
    `A payment was refunded or reversed after its credits were spent, so you owe ${-balance} ${-balance === 1 ? "credit" : "credits"}. Credits you buy pay this off first.`,
  buyCredits: "Buy credits",
} as const;
