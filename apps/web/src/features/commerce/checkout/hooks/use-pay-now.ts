import {
  formatPrice,
  type OrderKind,
  PAYMENT_CANCEL_REDIRECT_MS,
  PAYMENT_ERROR_CODES,
  PAYMENT_FAILURE_REDIRECT_MS,
  PAYMENT_MESSAGES,
  PAYMENT_SUCCESS_REDIRECT_MS,
  PAYMENT_UNCHANGED_REDIRECT_MS,
  type TItemOrder,
  type TPackageOrder,
} from "@mailsmith/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { PaymentSuccessState } from "@/lib/payment-success";
import { queryKeys } from "@/lib/query-keys";
import { orderName } from "../../orders/components/order-format";
import { capturePaypalOrder, createPaypalOrder, verifyOrder } from "../api/pay-now";

/** "restart": PayPal declined the funding source; the buyer picks another in PayPal (decision 098). */
export type CaptureOutcome = "done" | "restart";

/** What the server's error body may carry besides code and message. */
type ErrorExtras = { transactionId?: string; restartUrl?: string | null } | null;

function captureFailureMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === "PAYMENT_NOT_RECORDED") return PAYMENT_MESSAGES.updateFailed;
  if (err instanceof ApiError && err.code === "CAPTURE_MISSING") return PAYMENT_MESSAGES.captureMissing;
  // The server's words, never the PayPal SDK's raw error.
  const text = errorMessage(err, PAYMENT_MESSAGES.failed);
  return text.startsWith("Payment processing error") ? text : PAYMENT_MESSAGES.processingError(text);
}

/**
 * The payment page's state and actions: create the PayPal order, capture after approval (SDK buttons or the
 * redirect back from the approval page), the status message, and the timed redirects the spec asks for.
 */
export function usePayNow(kind: OrderKind, id: string, order: TPackageOrder | TItemOrder | undefined) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const [restartUrl, setRestartUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handled = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = useCallback(
    (to: string, ms: number, state?: unknown) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, { state }), ms);
    },
    [navigate],
  );

  const createOrder = useCallback(async () => {
    try {
      return (await createPaypalOrder(kind, id)).id;
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : PAYMENT_MESSAGES.paypalError);
      throw err;
    }
  }, [kind, id]);

  const capture = useCallback(
    async (paypalOrderId: string): Promise<CaptureOutcome> => {
      setBusy(true);
      setRestartUrl(null);
      try {
        const res = await capturePaypalOrder(kind, id, paypalOrderId);
        // The spec's verify call: its failure is tolerated.
        await verifyOrder(id).catch(() => undefined);
        setTransactionId(res.transactionId);
        setMessage(res.message);
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        const paid = res.result === "paid" && order;
        // The destination page shows what was bought and the new balance (app/layouts).
        const success: PaymentSuccessState | undefined = paid
          ? {
              paymentSuccess: {
                name: orderName(order, kind),
                credits: "credit" in order ? Number(order.credit) : null,
                total: formatPrice(order.totalPrice),
                ...(res.credited ? { credited: res.credited } : {}),
              },
            }
          : undefined;
        later(res.redirectTo, paid ? PAYMENT_SUCCESS_REDIRECT_MS : PAYMENT_UNCHANGED_REDIRECT_MS, success);
        return "done";
      } catch (err) {
        const extras = (err instanceof ApiError ? err.body : null) as ErrorExtras;
        setTransactionId(extras?.transactionId ?? null);
        if (err instanceof ApiError && err.code === PAYMENT_ERROR_CODES.instrumentDeclined) {
          setMessage(err.message);
          setRestartUrl(extras?.restartUrl ?? null);
          return "restart";
        }
        setMessage(captureFailureMessage(err));
        return "done";
      } finally {
        setBusy(false);
      }
    },
    [kind, id, later, queryClient, order],
  );

  const cancelled = useCallback(() => {
    setMessage(PAYMENT_MESSAGES.cancelled);
    later(paths.user.dashboard, PAYMENT_CANCEL_REDIRECT_MS);
  }, [later]);

  const failed = useCallback(
    (text: string) => {
      setMessage(text);
      later(paths.user.dashboard, PAYMENT_FAILURE_REDIRECT_MS);
    },
    [later],
  );

  /** Test mode: send the buyer to the stand-in's approval page (it comes back with ?paypal=return&token=…). */
  const payInTestMode = useCallback(async () => {
    setBusy(true);
    try {
      const created = await createPaypalOrder(kind, id);
      if (!created.approveUrl) throw new Error(PAYMENT_MESSAGES.setupIncomplete);
      window.location.assign(created.approveUrl);
    } catch (err) {
      setBusy(false);
      failed(err instanceof Error && err.message ? err.message : PAYMENT_MESSAGES.paypalError);
    }
  }, [kind, id, failed]);

  // Back from the approval page (redirect flow): ?paypal=return&token=… or ?paypal=cancel.
  useEffect(() => {
    const back = search.get("paypal");
    const token = search.get("token");
    if (!back || handled.current || !order) return;
    handled.current = true;
    setSearch({}, { replace: true });
    if (back === "cancel") cancelled();
    else if (token) void capture(token);
  }, [search, setSearch, order, capture, cancelled]);

  return { message, transactionId, restartUrl, busy, createOrder, capture, cancelled, failed, payInTestMode };
}
