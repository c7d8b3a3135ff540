import { describe, expect, it } from "vitest";
import { PAYMENT_SUCCESS_TEXTS } from "../messages.js";
import { CREDIT_BALANCE_TEXTS, creditsPaidOff, formatCredits } from "./credits.js";

describe("a balance below zero, as the member reads it", () => {
  it("carries a true minus sign, never a bare hyphen, 0 or NaN", () => {
    expect(formatCredits(-3)).toBe("\u22123");
    expect(formatCredits(0)).toBe("0");
    expect(formatCredits(12)).toBe("12");
    expect(CREDIT_BALANCE_TEXTS.chipLabel(-3)).toBe("Credits: \u22123, owed. Buy credits");
    expect(CREDIT_BALANCE_TEXTS.owedNote(-1)).toContain("you owe 1 credit.");
  });

  it("a purchase says what it paid off: all of it and more owed, exactly the debt, or the debt and the rest added", () => {
    expect(creditsPaidOff(10, -40)).toBe(10);
    expect(creditsPaidOff(50, 0)).toBe(50);
    expect(creditsPaidOff(50, 10)).toBe(40);
    expect(creditsPaidOff(10, 20)).toBe(0);
    expect(PAYMENT_SUCCESS_TEXTS.creditsPaidOff(10, 10, -40)).toBe(
      "10 credits bought: all 10 paid off part of the balance you owed. You still owe 40.",
    );
    expect(PAYMENT_SUCCESS_TEXTS.creditsPaidOff(50, 50, 0)).toBe(
      "50 credits bought: all 50 paid off the balance you owed.",
    );
    expect(PAYMENT_SUCCESS_TEXTS.creditsPaidOff(50, 40, 10)).toBe(
      "50 credits bought: 40 paid off the balance you owed, 10 were added to your account.",
    );
  });
});
