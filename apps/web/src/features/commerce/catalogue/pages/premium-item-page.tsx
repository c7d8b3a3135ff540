import { COMMERCE_UI_TEXTS, formatPrice, ITEM_MESSAGES, ORDER_MESSAGES } from "@mailsmith/shared";
import { Link, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { MessagePage } from "@/components/ui/page-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

import { useItem } from "../api/items";
import { ItemImage } from "../components/item-image";

/** /premium/{slug}/{itemId}: a premium template with its Buy button. */
export function PremiumItemPage() {
  const { itemId } = useParams();
  const item = useItem(itemId);
  useDocumentTitle(
    item.data ? `${item.data.itemName} - Mailsmith` : COMMERCE_UI_TEXTS.premiumItemPage.premiumTemplateMailsmith,
  );
  if (item.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (item.isError) {
    if (item.error instanceof ApiError && item.error.status === 404) {
      return (
        <MessagePage title={ITEM_MESSAGES.notFound}>
          {COMMERCE_UI_TEXTS.premiumItemPage.thisPremiumTemplateDoesNot}
        </MessagePage>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{errorMessage(item.error, ITEM_MESSAGES.fetchFailed)}</Alert>
      </div>
    );
  }
  const data = item.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <nav aria-label={COMMERCE_UI_TEXTS.premiumItemPage.breadcrumb} className="text-sm text-slate-500">
        <Link to="/" className="hover:text-brand-700">
          {COMMERCE_UI_TEXTS.premiumItemPage.home}
        </Link>{" "}
        &gt; <span>{COMMERCE_UI_TEXTS.premiumItemPage.premiumTemplates}</span>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <ItemImage
          src={data.imageUrl}
          alt={data.itemName}
          className="w-full rounded-2xl border border-slate-200 bg-slate-50 object-cover"
        />
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            {COMMERCE_UI_TEXTS.premiumItemPage.premiumTemplate}
          </p>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">{data.itemName || ITEM_MESSAGES.unnamedItem}</h1>
          <p className="mt-4 text-3xl font-extrabold text-slate-900">{formatPrice(data.price)}</p>
          <p className="mt-1 text-sm text-slate-500">Item ID {data.itemId}</p>
          {data.description && <p className="mt-6 whitespace-pre-line text-slate-700">{data.description}</p>}
          <p className="mt-4 text-sm text-slate-600">{COMMERCE_UI_TEXTS.premiumItemPage.afterPaymentYourOrderShows}</p>
          <div className="mt-8">
            {data.retired ? (
              <Alert tone="warning">{ORDER_MESSAGES.retiredItem}</Alert>
            ) : (
              <Link to={paths.itemBuy(data._id)} className={buttonClasses("primary", "px-8")}>
                {ITEM_MESSAGES.buy}
              </Link>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
