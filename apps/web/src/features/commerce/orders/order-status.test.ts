import { PAYMENT_STATUS, PAYMENT_STATUS_EXPIRED, PAYPAL_OUTCOME_STATUS } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { isOpenUnpaid, isPayable } from "./order-status";

const order = (paymentStatus: string) => ({ paymentStatus });

describe("order status rules", () => {
  it("only a pending order can be paid or cancelled", () => {
    expect(isPayable(order(PAYMENT_STATUS.pending))).toBe(true);
    expect(isPayable(order(PAYMENT_STATUS.paid))).toBe(false);
    expect(isPayable(order(PAYMENT_STATUS.cancelled))).toBe(false);
    expect(isPayable(order(PAYMENT_STATUS_EXPIRED))).toBe(false);
  });

  it("pending and expired orders are open; paid and cancelled ones are not", () => {
    expect(isOpenUnpaid(order(PAYMENT_STATUS.pending))).toBe(true);
    expect(isOpenUnpaid(order(PAYMENT_STATUS_EXPIRED))).toBe(true);
    expect(isOpenUnpaid(order(PAYMENT_STATUS.paid))).toBe(false);
    expect(isOpenUnpaid(order(PAYMENT_STATUS.cancelled))).toBe(false);
  });

  it("orders PayPal failed, refunded or reversed are neither open nor payable (not listed as pending, not deletable)", () => {
    for (const status of Object.values(PAYPAL_OUTCOME_STATUS)) {
      expect(isOpenUnpaid(order(status)), status).toBe(false);
      expect(isPayable(order(status)), status).toBe(false);
    }
  });
});
