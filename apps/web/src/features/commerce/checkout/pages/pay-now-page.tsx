import {
  COMMERCE_MESSAGES,
  COMMERCE_UI_TEXTS,
  formatPrice,
  ORDER_EXPIRED_MESSAGE,
  type OrderKind,
  PAYMENT_CANCEL_REDIRECT_MS,
  PAYMENT_FAILURE_REDIRECT_MS,
  PAYMENT_MESSAGES,
  PAYMENT_PAGE_FALLBACK_LABEL,
  PAYMENT_STATUS,
  PAYMENT_STATUS_EXPIRED,
  PAYMENT_SUCCESS_REDIRECT_MS,
  PAYMENT_UNCHANGED_REDIRECT_MS,
  type TItemOrder,
  type TPackageOrder,
  type TPublicPaypalSettings,
} from "@mailsmith/shared";
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge, statusColor } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import type { PaymentSuccessState } from "@/lib/payment-success";
import { useDocumentTitle } from "@/lib/use-document-title";
import { orderName } from "../../orders/components/order-format";
import {
  capturePaypalOrder,
  createPaypalOrder,
  usePayableOrder,
  usePublicPaypalSettings,
  verifyOrder,
} from "../api/pay-now";

type Order = TPackageOrder | TItemOrder;

function StateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-3 text-slate-600">{children}</div>
        <Link to={paths.home} className={buttonClasses("primary", "mt-6")}>
          {COMMERCE_UI_TEXTS.payNowPage.returnToHome}
        </Link>
      </div>
    </div>
  );
}

/** The spec's status box: "Payment Status" for successful/Redirecting messages, else "Payment Issue". */
function StatusBox({ message, order, transactionId }: { message: string; order: Order; transactionId: string | null }) {
  const ok = /successful|Redirecting/.test(message);
  const support = /contact support/i.test(message);
  return (
    <div
      role="status"
      aria-live="polite"
      className={`rounded-xl border p-4 ${ok ? "border-green-200 bg-green-50" : "border-amber-200 bg-amber-50"}`}
    >
      <p className={`font-semibold ${ok ? "text-green-800" : "text-amber-900"}`}>
        {ok ? PAYMENT_MESSAGES.statusTitle : PAYMENT_MESSAGES.issueTitle}
      </p>
      <p className="mt-1 text-sm text-slate-800">{message}</p>
      {support && (
        <div className="mt-3 text-sm text-slate-700">
          <p className="font-medium">{COMMERCE_UI_TEXTS.payNowPage.pleaseGiveTheSupportTeam}</p>
          <ul className="mt-1 list-disc pl-5">
            <li>Order ID: {order.orderId}</li>
            {transactionId && <li>PayPal transaction ID: {transactionId}</li>}
            <li>Time of transaction: {new Date().toLocaleString()}</li>
          </ul>
        </div>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-all text-slate-900">{children}</dd>
    </div>
  );
}

function PaypalSdkButtons({
  settings,
  disabled,
  createOrder,
  onApprove,
  onCancel,
  onError,
}: {
  settings: TPublicPaypalSettings;
  disabled: boolean;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onCancel: () => void;
  onError: (message: string) => void;
}) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) {
    return (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label={COMMERCE_UI_TEXTS.payNowPage.loadingPaypal} />
      </div>
    );
  }
  if (isRejected) return <Alert>{PAYMENT_MESSAGES.paypalErrorLong}</Alert>;
  const s = settings.buttonStyles;
  return (
    <PayPalButtons
      disabled={disabled}
      style={{ layout: s.layout, color: s.color, shape: s.shape, label: s.label ?? PAYMENT_PAGE_FALLBACK_LABEL }}
      forceReRender={[s.layout, s.color, s.shape, s.label, settings.currency]}
      createOrder={createOrder}
      onApprove={async (data) => {
        if (!data.orderID) return onError(PAYMENT_MESSAGES.captureMissing);
        await onApprove(data.orderID);
      }}
      onCancel={onCancel}
      onError={() => onError(PAYMENT_MESSAGES.paypalError)}
    />
  );
}

function PayNow({ kind }: { kind: OrderKind }) {
  useDocumentTitle(`${PAYMENT_MESSAGES.title} - Mailsmith`);
  const { id = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = usePayableOrder(kind, id);
  const settings = usePublicPaypalSettings();
  const [message, setMessage] = useState<string | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);
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
    async (paypalOrderId: string) => {
      setBusy(true);
      try {
        const res = await capturePaypalOrder(kind, id, paypalOrderId);
        // The spec's verify call: its failure is tolerated.
        await verifyOrder(id).catch(() => undefined);
        setTransactionId(res.transactionId);
        setMessage(res.message);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        void queryClient.invalidateQueries({ queryKey: ["orders"] });
        const paid = res.result === "paid" && order.data;
        // The destination page shows what was bought and the new balance (issue 13 item 3; app/layouts).
        const success: PaymentSuccessState | undefined = paid
          ? {
              paymentSuccess: {
                name: orderName(order.data, kind),
                credits: "credit" in order.data ? Number(order.data.credit) : null,
                total: formatPrice(order.data.totalPrice),
              },
            }
          : undefined;
        later(res.redirectTo, paid ? PAYMENT_SUCCESS_REDIRECT_MS : PAYMENT_UNCHANGED_REDIRECT_MS, success);
      } catch (err) {
        const body = (err instanceof ApiError ? err.body : null) as { transactionId?: string } | null;
        if (err instanceof ApiError && err.code === "PAYMENT_NOT_RECORDED") {
          setTransactionId(body?.transactionId ?? null);
          setMessage(PAYMENT_MESSAGES.updateFailed);
        } else if (err instanceof ApiError && err.code === "CAPTURE_MISSING") {
          setMessage(PAYMENT_MESSAGES.captureMissing);
        } else {
          const text = err instanceof ApiError ? err.message : (err as Error)?.message || PAYMENT_MESSAGES.failed;
          setTransactionId(body?.transactionId ?? null);
          setMessage(text.startsWith("Payment processing error") ? text : PAYMENT_MESSAGES.processingError(text));
        }
      } finally {
        setBusy(false);
      }
    },
    [kind, id, later, queryClient, order.data],
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

  // Back from the approval page (redirect flow): ?paypal=return&token=… or ?paypal=cancel.
  useEffect(() => {
    const back = search.get("paypal");
    const token = search.get("token");
    if (!back || handled.current || !order.data) return;
    handled.current = true;
    setSearch({}, { replace: true });
    if (back === "cancel") cancelled();
    else if (token) void capture(token);
  }, [search, setSearch, order.data, capture, cancelled]);

  if (order.isPending || settings.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="h-8 w-8" label={COMMERCE_UI_TEXTS.payNowPage.loadingOrder} />
      </div>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 403)) {
      return <StateCard title={PAYMENT_MESSAGES.orderNotFoundTitle}>{PAYMENT_MESSAGES.orderNotFoundText}</StateCard>;
    }
    return <StateCard title={PAYMENT_MESSAGES.loadOrderFailed}>{PAYMENT_MESSAGES.loadOrderFailedUrl}</StateCard>;
  }
  if (settings.isError) {
    return <StateCard title={PAYMENT_MESSAGES.settingsFailed}>{PAYMENT_MESSAGES.settingsFailedNetwork}</StateCard>;
  }
  const o = order.data;
  const cfg = settings.data;
  if (!cfg.enablePayPal)
    return <StateCard title={PAYMENT_MESSAGES.unavailableTitle}>{PAYMENT_MESSAGES.unavailableText}</StateCard>;

  const pending = o.paymentStatus === PAYMENT_STATUS.pending;
  // Disabled while busy and while a message is shown (a success redirects; other messages mean retry later).
  const disabled = busy || message !== null;
  const name = orderName(o, kind);

  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label={COMMERCE_UI_TEXTS.payNowPage.breadcrumb} className="text-sm text-slate-500">
        <Link to={paths.home} className="hover:text-brand-700">
          {COMMERCE_UI_TEXTS.payNowPage.home}
        </Link>{" "}
        &gt; <span className="text-slate-700">{COMMERCE_UI_TEXTS.payNowPage.payment}</span>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{PAYMENT_MESSAGES.title}</h1>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{COMMERCE_UI_TEXTS.payNowPage.orderSummary}</h2>
            <dl className="mt-3 divide-y divide-slate-100">
              <Row label={kind === "item" ? COMMERCE_UI_TEXTS.payNowPage.item : COMMERCE_UI_TEXTS.payNowPage.package}>
                {name}
              </Row>
              {"credit" in o && <Row label={COMMERCE_UI_TEXTS.payNowPage.credits}>{o.credit}</Row>}
              <Row label={COMMERCE_UI_TEXTS.payNowPage.price}>{formatPrice(o.packagePrice)}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.processingFee}>{formatPrice(o.processingFee)}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.total}>
                <span className="text-lg">{formatPrice(o.totalPrice)}</span>
              </Row>
            </dl>
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{COMMERCE_UI_TEXTS.payNowPage.customerInformation}</h2>
            <dl className="mt-3 divide-y divide-slate-100">
              <Row label={COMMERCE_UI_TEXTS.payNowPage.name}>{o.customerName}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.email}>{o.customerEmail}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.address}>{o.address}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.country}>{o.country}</Row>
            </dl>
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{COMMERCE_UI_TEXTS.payNowPage.orderDetails}</h2>
            <dl className="mt-3 divide-y divide-slate-100">
              <Row label={COMMERCE_UI_TEXTS.payNowPage.orderId}>{o.orderId}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.paymentId}>{o.paymentId}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.date}>{new Date(o.createdAt).toLocaleDateString()}</Row>
              <Row label={COMMERCE_UI_TEXTS.payNowPage.status}>
                <Badge color={statusColor(o.paymentStatus)}>{o.paymentStatus}</Badge>
              </Row>
            </dl>
          </section>
        </div>
        <aside className="min-w-0 space-y-4 lg:col-span-2">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{COMMERCE_UI_TEXTS.payNowPage.payment}</h2>
            <div className="mt-4 space-y-4">
              {message && <StatusBox message={message} order={o} transactionId={transactionId} />}
              {o.paymentStatus === PAYMENT_STATUS_EXPIRED && !message ? (
                <Alert tone="warning">{ORDER_EXPIRED_MESSAGE}</Alert>
              ) : o.paymentStatus === PAYMENT_STATUS.cancelled && !message ? (
                <Alert tone="warning">{COMMERCE_MESSAGES.orderCancelled}</Alert>
              ) : !pending && !message ? (
                <Alert tone="success">{PAYMENT_MESSAGES.alreadyPaidNotice}</Alert>
              ) : !pending ? null : cfg.testMode ? (
                <>
                  <Alert tone="warning">{PAYMENT_MESSAGES.testNotice}</Alert>
                  <Button
                    className="w-full py-3 whitespace-normal!"
                    disabled={disabled}
                    loading={busy}
                    onClick={async () => {
                      setBusy(true);
                      try {
                        const created = await createPaypalOrder(kind, id);
                        if (!created.approveUrl) throw new Error(PAYMENT_MESSAGES.setupIncomplete);
                        window.location.assign(created.approveUrl);
                      } catch (err) {
                        setBusy(false);
                        failed(err instanceof Error && err.message ? err.message : PAYMENT_MESSAGES.paypalError);
                      }
                    }}
                  >
                    {PAYMENT_MESSAGES.testButton}
                  </Button>
                </>
              ) : cfg.clientId ? (
                <PayPalScriptProvider
                  options={{ clientId: cfg.clientId, currency: cfg.currency, intent: "capture", components: "buttons" }}
                >
                  <PaypalSdkButtons
                    settings={cfg}
                    disabled={disabled}
                    createOrder={createOrder}
                    onApprove={capture}
                    onCancel={cancelled}
                    onError={failed}
                  />
                </PayPalScriptProvider>
              ) : (
                <Alert>{PAYMENT_MESSAGES.setupIncomplete}</Alert>
              )}
            </div>
          </section>
          <p className="text-sm text-slate-600">
            {COMMERCE_UI_TEXTS.payNowPage.needHelp}{" "}
            <Link to={paths.contact} className="font-medium text-brand-700 underline">
              {COMMERCE_UI_TEXTS.payNowPage.supportTeam}
            </Link>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}

/** /pay-now/{id}: pay a package order. */
export function PayNowPage() {
  return <PayNow kind="package" />;
}

/** /item-pay-now/{id}: pay an item order. */
export function ItemPayNowPage() {
  return <PayNow kind="item" />;
}
