import { COMMERCE_UI_TEXTS, formatPrice, ORDER_MESSAGES, PAYMENT_STATUS } from "@mailsmith/shared";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ItemImage } from "../../catalogue/components/item-image";
import { useMyOrders } from "../api/orders";
import { UnpaidOrderActions } from "../components/order-actions";
import { orderName, StatusBadge } from "../components/order-format";

/** /user/orders: the member's premium item orders; paid ones show the access link and guidelines. */
export function MyOrdersPage() {
  useDocumentTitle(COMMERCE_UI_TEXTS.myOrdersPage.myOrdersMailsmith);
  const orders = useMyOrders("item");
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{COMMERCE_UI_TEXTS.myOrdersPage.myOrders}</h1>
        <Link to={paths.user.subscriptionHistory} className={buttonClasses("secondary")}>
          {COMMERCE_UI_TEXTS.myOrdersPage.subscriptionHistory}
        </Link>
      </div>
      {orders.isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner className="h-8 w-8" />
        </div>
      ) : orders.isError ? (
        <Alert>{ORDER_MESSAGES.loadItemFailed}</Alert>
      ) : orders.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {ORDER_MESSAGES.noOrders}
        </p>
      ) : (
        <ul className="space-y-4">
          {orders.data.map((o) => {
            const paid = o.paymentStatus === PAYMENT_STATUS.paid;
            return (
              <li key={o._id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <div className="flex flex-col gap-4 sm:flex-row">
                  <ItemImage
                    src={o.imageUrl}
                    className="h-24 w-36 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={paths.premiumItem(o.slug, o.itemId)}
                        className="font-semibold text-slate-900 hover:underline"
                      >
                        {orderName(o, "item")}
                      </Link>
                      <StatusBadge status={o.paymentStatus} />
                    </div>
                    <p className="text-xs text-slate-500">
                      Order #{o.orderId} · {o.orderDate} · {formatPrice(o.totalPrice)}
                    </p>
                    {paid ? (
                      <div className="mt-3 space-y-2">
                        {o.accessUrl && (
                          <p className="text-sm">
                            <span className="text-slate-500">{COMMERCE_UI_TEXTS.myOrdersPage.accessUrl} </span>
                            <a
                              href={o.accessUrl}
                              target="_blank"
                              rel="noopener noreferrer"
                              className="font-medium break-all text-brand-700 underline"
                            >
                              {o.accessUrl}
                            </a>
                          </p>
                        )}
                        {o.guidelines && (
                          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                            <p className="font-medium text-slate-900">{COMMERCE_UI_TEXTS.myOrdersPage.guidelines}</p>
                            <p className="whitespace-pre-line">{o.guidelines}</p>
                          </div>
                        )}
                      </div>
                    ) : (
                      <div className="mt-3">
                        <UnpaidOrderActions kind="item" order={o} />
                      </div>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
