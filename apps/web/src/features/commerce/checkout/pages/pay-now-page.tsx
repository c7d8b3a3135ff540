import {
  COMMERCE_MESSAGES,
  COMMERCE_UI_TEXTS,
  ORDER_EXPIRED_MESSAGE,
  type OrderKind,
  PAYMENT_MESSAGES,
  PAYMENT_STATUS,
  PAYMENT_STATUS_EXPIRED,
  type TItemOrder,
  type TPackageOrder,
  type TPublicPaypalSettings,
} from "@mailsmith/shared";
import { PayPalScriptProvider } from "@paypal/react-paypal-js";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePayableOrder, usePublicPaypalSettings } from "../api/pay-now";
import { PayNowOrderDetails } from "../components/pay-now-order-details";
import { PayNowStateCard } from "../components/pay-now-state-card";
import { PaymentStatusBox } from "../components/payment-status-box";
import { PaypalSdkButtons } from "../components/paypal-sdk-buttons";
import { TestPaypalButton } from "../components/test-paypal-button";
import { usePayNow } from "../hooks/use-pay-now";

const T = COMMERCE_UI_TEXTS.payNowPage;

/** The payment column: the status box, then what this order allows (pay, or why not). */
function PaymentPanel({
  order: o,
  cfg,
  pay,
}: {
  order: TPackageOrder | TItemOrder;
  cfg: TPublicPaypalSettings;
  pay: ReturnType<typeof usePayNow>;
}) {
  const { message } = pay;
  // Disabled while busy and while a message is shown (a success redirects; other messages mean retry later).
  const disabled = pay.busy || message !== null;
  let body: ReactNode = null;
  if (o.paymentStatus === PAYMENT_STATUS_EXPIRED && !message)
    body = <Alert tone="warning">{ORDER_EXPIRED_MESSAGE}</Alert>;
  else if (o.paymentStatus === PAYMENT_STATUS.cancelled && !message)
    body = <Alert tone="warning">{COMMERCE_MESSAGES.orderCancelled}</Alert>;
  else if (o.paymentStatus !== PAYMENT_STATUS.pending)
    body = message ? null : <Alert tone="success">{PAYMENT_MESSAGES.alreadyPaidNotice}</Alert>;
  else if (cfg.testMode)
    body = <TestPaypalButton disabled={disabled} busy={pay.busy} onPay={() => void pay.payInTestMode()} />;
  else if (cfg.clientId)
    body = (
      <PayPalScriptProvider
        options={{ clientId: cfg.clientId, currency: cfg.currency, intent: "capture", components: "buttons" }}
      >
        <PaypalSdkButtons
          settings={cfg}
          disabled={disabled}
          createOrder={pay.createOrder}
          onApprove={pay.capture}
          onCancel={pay.cancelled}
          onError={pay.failed}
        />
      </PayPalScriptProvider>
    );
  else body = <Alert>{PAYMENT_MESSAGES.setupIncomplete}</Alert>;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{T.payment}</h2>
      <div className="mt-4 space-y-4">
        {message && <PaymentStatusBox message={message} orderId={o.orderId} transactionId={pay.transactionId} />}
        {pay.restartUrl && (
          // Test mode's actions.restart(): back to the PayPal window to choose another funding source.
          <a href={pay.restartUrl} className={buttonClasses("primary", "w-full")}>
            {T.tryAnotherWay}
          </a>
        )}
        {body}
      </div>
    </section>
  );
}

function PayNow({ kind }: { kind: OrderKind }) {
  useDocumentTitle(`${PAYMENT_MESSAGES.title} - Mailsmith`);
  const { id = "" } = useParams();
  const order = usePayableOrder(kind, id);
  const settings = usePublicPaypalSettings();
  const pay = usePayNow(kind, id, order.data);

  if (order.isPending || settings.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="h-8 w-8" label={T.loadingOrder} />
      </div>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 403)) {
      return (
        <PayNowStateCard title={PAYMENT_MESSAGES.orderNotFoundTitle}>
          {PAYMENT_MESSAGES.orderNotFoundText}
        </PayNowStateCard>
      );
    }
    return (
      <PayNowStateCard title={PAYMENT_MESSAGES.loadOrderFailed}>{PAYMENT_MESSAGES.loadOrderFailedUrl}</PayNowStateCard>
    );
  }
  if (settings.isError) {
    return (
      <PayNowStateCard title={PAYMENT_MESSAGES.settingsFailed}>
        {PAYMENT_MESSAGES.settingsFailedNetwork}
      </PayNowStateCard>
    );
  }
  if (!settings.data.enablePayPal) {
    return (
      <PayNowStateCard title={PAYMENT_MESSAGES.unavailableTitle}>{PAYMENT_MESSAGES.unavailableText}</PayNowStateCard>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label={T.breadcrumb} className="text-sm text-slate-500">
        <Link to={paths.home} className="hover:text-brand-700">
          {T.home}
        </Link>{" "}
        &gt; <span className="text-slate-700">{T.payment}</span>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{PAYMENT_MESSAGES.title}</h1>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <PayNowOrderDetails order={order.data} kind={kind} />
        </div>
        <aside className="min-w-0 space-y-4 lg:col-span-2">
          <PaymentPanel order={order.data} cfg={settings.data} pay={pay} />
          <p className="text-sm text-slate-600">
            {T.needHelp}{" "}
            <Link to={paths.contact} className="font-medium text-brand-700 underline">
              {T.supportTeam}
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
