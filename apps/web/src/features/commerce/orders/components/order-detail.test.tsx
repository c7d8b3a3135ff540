import { PAYPAL_OUTCOME_STATUS, REFUND_FAILED_MESSAGES, type TPackageOrder } from "@mailsmith/shared";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderDetail, OrderState } from "./order-detail";
import { AdminPaymentStatus } from "./order-format";

const order: TPackageOrder = {
  _id: "o1",
  orderId: "AB12CD34",
  paymentId: "P1",
  packageName: "Big",
  packagePrice: 20,
  processingFee: 0,
  totalPrice: 20,
  currency: "USD",
  paymentStatus: PAYPAL_OUTCOME_STATUS.refundFailed,
  orderStatus: PAYPAL_OUTCOME_STATUS.refundFailed,
  paymentMethod: "Paypal",
  customerEmail: "gone@example.com",
  customerName: "Gone",
  address: "1 Road",
  country: "Germany",
  orderDate: "29/11/2026",
  Validity: 30,
  featuredImage: "",
  paypalTransactionID: "7CAPTURE99",
  payerEmail: null,
  captureTime: null,
  paidAt: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  packageId: null,
  credit: 50,
  sellerEmail: "",
  MembershipValidity: "2026-12-29T10:00:00.000Z",
};

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("an order whose automatic refund PayPal did not complete (decision 141)", () => {
  it("tells the admin what happened and what to do in PayPal, with the amount and the transaction", () => {
    const shown = text(renderToStaticMarkup(<OrderDetail order={order} audience="admin" />));
    expect(shown).toContain(REFUND_FAILED_MESSAGES.admin("$20.00 USD", "7CAPTURE99"));
    expect(shown).toContain("Refund PayPal transaction 7CAPTURE99 in your PayPal account");
    expect(shown).not.toContain(REFUND_FAILED_MESSAGES.member("$20.00 USD"));
  });

  it("tells the member the refund has not gone through and that no credits were given", () => {
    const shown = text(renderToStaticMarkup(<OrderDetail order={order} />));
    expect(shown).toContain(REFUND_FAILED_MESSAGES.member("$20.00 USD"));
    expect(shown).not.toContain("your PayPal account");
    expect(text(renderToStaticMarkup(<OrderState order={order} />))).toContain(REFUND_FAILED_MESSAGES.state);
  });

  it("the admin's tables show the status in red with what to do", () => {
    const html = renderToStaticMarkup(<AdminPaymentStatus status={order.paymentStatus} upper />);
    expect(text(html)).toContain("REFUND FAILED");
    expect(text(html)).toContain(REFUND_FAILED_MESSAGES.adminHint);
    expect(html).toContain("bg-red-100");
  });
});
