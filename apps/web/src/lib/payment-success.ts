/**
 * What the payment page hands to the page it goes to after a successful payment (router state, so the spec's
 * redirect URLs stay as they are): the member shell shows it as a success screen.
 */
export interface PaymentSuccessState {
  paymentSuccess: {
    name: string;
    credits: number | null;
    total: string;
    /** The server's account of a package's credits: how many paid off a balance below zero, and the balance after. */
    credited?: { added: number; paidOff: number; balance: number };
  };
}

export function readPaymentSuccess(state: unknown): PaymentSuccessState["paymentSuccess"] | null {
  const s = (state as Partial<PaymentSuccessState> | null)?.paymentSuccess;
  return s && typeof s.name === "string" && typeof s.total === "string" ? s : null;
}
