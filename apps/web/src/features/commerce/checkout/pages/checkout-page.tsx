import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMMERCE_UI_TEXTS,
  COUNTRIES,
  formatPrice,
  ITEM_MESSAGES,
  ORDER_MESSAGES,
  type OrderKind,
  OTHER_COUNTRY,
  PACKAGE_MESSAGES,
  PROCESSING_FEE,
  type TCheckoutForm,
  ZCheckoutFormSchema,
} from "@mailsmith/shared";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses, TextField } from "@/components/ui/field";
import { MessagePage } from "@/components/ui/page-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useItem } from "../../catalogue/api/items";
import { usePackage } from "../../catalogue/api/packages";
import { useCreateOrder } from "../api/create-order";

interface Product {
  name: string;
  price: number;
  detail: string;
  retired: boolean;
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm text-white">
          {n}
        </span>
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function CheckoutForm({
  kind,
  product,
  onSubmit,
}: {
  kind: OrderKind;
  product: Product;
  onSubmit: (form: TCheckoutForm) => Promise<void>;
}) {
  const me = useMe();
  const countryId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TCheckoutForm>({
    resolver: zodResolver(ZCheckoutFormSchema),
    defaultValues: { customerName: me.data?.userName ?? "", address: me.data?.address ?? "", country: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const total = product.price + PROCESSING_FEE;
  const countries: readonly string[] = kind === "item" ? [...COUNTRIES, OTHER_COUNTRY] : COUNTRIES;
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.handleSubmit(async (values) => {
        setError(null);
        try {
          await onSubmit(values);
        } catch (err) {
          console.error("checkout failed", err);
          setError(errorMessage(err, ORDER_MESSAGES.somethingWrong));
        }
      })}
    >
      <Step
        n={1}
        title={
          kind === "item"
            ? COMMERCE_UI_TEXTS.checkoutPage.itemsInformation
            : COMMERCE_UI_TEXTS.checkoutPage.packageInformation
        }
      >
        <TextField
          label={kind === "item" ? COMMERCE_UI_TEXTS.checkoutPage.itemName : COMMERCE_UI_TEXTS.checkoutPage.packageName}
          value={product.name}
          readOnly
        />
        <dl className="mt-4 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm">
          <div className="flex justify-between py-2">
            <dt className="text-slate-600">{COMMERCE_UI_TEXTS.checkoutPage.price}</dt>
            <dd className="font-medium">{formatPrice(product.price)}</dd>
          </div>
          <div className="flex justify-between py-2">
            <dt className="text-slate-600">{COMMERCE_UI_TEXTS.checkoutPage.processingFee}</dt>
            <dd className="font-medium">{formatPrice(PROCESSING_FEE)}</dd>
          </div>
          <div className="flex justify-between py-2 text-base">
            <dt className="font-semibold text-slate-900">{COMMERCE_UI_TEXTS.checkoutPage.total}</dt>
            <dd className="font-bold text-slate-900" data-testid="checkout-total">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{product.detail}</p>
      </Step>
      <Step n={2} title={COMMERCE_UI_TEXTS.checkoutPage.billingInformation}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={COMMERCE_UI_TEXTS.checkoutPage.fullName}
            autoComplete="name"
            {...form.register("customerName")}
            error={errors.customerName?.message}
          />
          <TextField
            label={COMMERCE_UI_TEXTS.checkoutPage.email}
            type="email"
            value={me.data?.email ?? ""}
            readOnly
            hint={COMMERCE_UI_TEXTS.checkoutPage.fromYourAccount}
          />
          <TextField
            label={COMMERCE_UI_TEXTS.checkoutPage.address}
            autoComplete="street-address"
            className="sm:col-span-2"
            {...form.register("address")}
            error={errors.address?.message}
          />
          <div className="sm:col-span-2">
            <label htmlFor={countryId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {COMMERCE_UI_TEXTS.checkoutPage.country}
            </label>
            <select
              id={countryId}
              className={inputClasses(Boolean(errors.country))}
              aria-invalid={errors.country ? true : undefined}
              {...form.register("country")}
            >
              <option value="">{COMMERCE_UI_TEXTS.checkoutPage.selectACountry}</option>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {errors.country && <p className="mt-1 text-xs text-red-600">{errors.country.message}</p>}
          </div>
        </div>
      </Step>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" className="w-full py-3 text-base" disabled={isSubmitting || product.retired}>
        {isSubmitting ? ORDER_MESSAGES.processing : ORDER_MESSAGES.proceed}
      </Button>
    </form>
  );
}

/** What a checkout sells, from the package or the item record. */
function useCheckoutProduct(kind: OrderKind, id: string | undefined) {
  // Both hooks run (rules of hooks); only the one for this kind is enabled.
  const pkg = usePackage(kind === "package" ? id : undefined);
  const item = useItem(kind === "item" ? id : undefined);
  const query = kind === "package" ? pkg : item;
  let product: (Product & { id: string }) | undefined;
  if (kind === "package" && pkg.data) {
    product = {
      id: pkg.data._id,
      name: pkg.data.packageName,
      price: pkg.data.price,
      detail: COMMERCE_UI_TEXTS.checkoutPage.packageDetail(pkg.data.credit, pkg.data.validity),
      retired: pkg.data.retired,
    };
  } else if (kind === "item" && item.data) {
    product = {
      id: item.data._id,
      name: item.data.itemName || ITEM_MESSAGES.unnamedItem,
      price: item.data.price,
      detail: COMMERCE_UI_TEXTS.checkoutPage.itemDetail(item.data.itemId),
      retired: item.data.retired,
    };
  }
  return { isPending: query.isPending, error: query.error, product };
}

const KIND_TEXTS = {
  package: { notFound: PACKAGE_MESSAGES.notFound, retired: ORDER_MESSAGES.retiredPackage },
  item: { notFound: ITEM_MESSAGES.notFound, retired: ORDER_MESSAGES.retiredItem },
} as const;

/** A package order goes on to its payment page; an item order to My Pending item Orders (spec). */
function nextPath(kind: OrderKind, orderId: string) {
  return kind === "package" ? paths.payNow(orderId) : `${paths.user.itemPendingPayment}/`;
}

function Checkout({ kind }: { kind: OrderKind }) {
  useDocumentTitle(`${ORDER_MESSAGES.checkoutTitle} - Mailsmith`);
  const { id } = useParams();
  const me = useMe();
  const { isPending, error, product } = useCheckoutProduct(kind, id);
  const create = useCreateOrder(kind);
  const navigate = useNavigate();
  const texts = KIND_TEXTS[kind];
  if (isPending || me.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (error || !product) {
    return <MessagePage title={texts.notFound}>{errorMessage(error, texts.notFound)}</MessagePage>;
  }
  return (
    <div className="mx-auto max-w-3xl sm:py-6">
      <h1 className="text-3xl font-bold text-slate-900">{ORDER_MESSAGES.checkoutTitle}</h1>
      <div className="mt-8">
        {me.data?.userRole === "Seller" ? (
          <Alert tone="warning">{ORDER_MESSAGES.sellersCannotPurchase}</Alert>
        ) : (
          <>
            {product.retired && (
              <div className="mb-6">
                <Alert tone="warning">{texts.retired}</Alert>
              </div>
            )}
            <CheckoutForm
              kind={kind}
              product={product}
              onSubmit={async (form) => {
                const res = await create.mutateAsync({ ...form, productId: product.id });
                navigate(nextPath(kind, res.data._id));
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** /buy/{id}: package checkout. */
export function PackageCheckoutPage() {
  return <Checkout kind="package" />;
}

/** /item-buy/{id}: item checkout. */
export function ItemCheckoutPage() {
  return <Checkout kind="item" />;
}
