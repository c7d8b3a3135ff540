import { zodResolver } from "@hookform/resolvers/zod";
import {
  COUNTRIES,
  formatPrice,
  ITEM_MESSAGES,
  ORDER_MESSAGES,
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
import { useCheckoutItem, useCheckoutPackage, useCreateItemOrder, useCreateOrder } from "../../orders/api/orders";

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
  kind: "package" | "item";
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
      <Step n={1} title={kind === "item" ? "items Information" : "Package Information"}>
        <TextField label={kind === "item" ? "Item Name" : "Package Name"} value={product.name} readOnly />
        <dl className="mt-4 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm">
          <div className="flex justify-between py-2">
            <dt className="text-slate-600">Price</dt>
            <dd className="font-medium">{formatPrice(product.price)}</dd>
          </div>
          <div className="flex justify-between py-2">
            <dt className="text-slate-600">Processing fee</dt>
            <dd className="font-medium">{formatPrice(PROCESSING_FEE)}</dd>
          </div>
          <div className="flex justify-between py-2 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900" data-testid="checkout-total">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{product.detail}</p>
      </Step>
      <Step n={2} title="Billing Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Full Name"
            autoComplete="name"
            {...form.register("customerName")}
            error={errors.customerName?.message}
          />
          <TextField label="Email" type="email" value={me.data?.email ?? ""} readOnly hint="From your account" />
          <TextField
            label="Address"
            autoComplete="street-address"
            className="sm:col-span-2"
            {...form.register("address")}
            error={errors.address?.message}
          />
          <div className="sm:col-span-2">
            <label htmlFor={countryId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Country
            </label>
            <select
              id={countryId}
              className={inputClasses(Boolean(errors.country))}
              aria-invalid={errors.country ? true : undefined}
              {...form.register("country")}
            >
              <option value="">Select a country</option>
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

function CheckoutShell({
  loading,
  error,
  notFound,
  children,
}: {
  loading: boolean;
  error: unknown;
  notFound: string;
  children: React.ReactNode;
}) {
  useDocumentTitle(`${ORDER_MESSAGES.checkoutTitle} - Mailsmith`);
  const me = useMe();
  if (loading || me.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (error) return <MessagePage title={notFound}>{errorMessage(error, notFound)}</MessagePage>;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{ORDER_MESSAGES.checkoutTitle}</h1>
      <div className="mt-8">
        {me.data?.userRole === "Seller" ? (
          <Alert tone="warning">{ORDER_MESSAGES.sellersCannotPurchase}</Alert>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

/** /buy/{id}: package checkout; success goes to the payment page (decision 041). */
export function PackageCheckoutPage() {
  const { id } = useParams();
  const pkg = useCheckoutPackage(id);
  const create = useCreateOrder();
  const navigate = useNavigate();
  return (
    <CheckoutShell loading={pkg.isPending} error={pkg.error} notFound={PACKAGE_MESSAGES.notFound}>
      {pkg.data && (
        <>
          {pkg.data.retired && (
            <div className="mb-6">
              <Alert tone="warning">{ORDER_MESSAGES.retiredPackage}</Alert>
            </div>
          )}
          <CheckoutForm
            kind="package"
            product={{
              name: pkg.data.packageName,
              price: pkg.data.price,
              detail: `${pkg.data.credit} credits, valid ${pkg.data.validity} days`,
              retired: pkg.data.retired,
            }}
            onSubmit={async (form) => {
              const res = await create.mutateAsync({ ...form, packageId: pkg.data._id });
              navigate(paths.payNow(res.data._id));
            }}
          />
        </>
      )}
    </CheckoutShell>
  );
}

/** /item-buy/{id}: item checkout; success goes to My Pending item Orders. */
export function ItemCheckoutPage() {
  const { id } = useParams();
  const item = useCheckoutItem(id);
  const create = useCreateItemOrder();
  const navigate = useNavigate();
  return (
    <CheckoutShell loading={item.isPending} error={item.error} notFound={ITEM_MESSAGES.notFound}>
      {item.data && (
        <>
          {item.data.retired && (
            <div className="mb-6">
              <Alert tone="warning">{ORDER_MESSAGES.retiredItem}</Alert>
            </div>
          )}
          <CheckoutForm
            kind="item"
            product={{
              name: item.data.itemName || ITEM_MESSAGES.unnamedItem,
              price: item.data.price,
              detail: `Premium template ${item.data.itemId}`,
              retired: item.data.retired,
            }}
            onSubmit={async (form) => {
              await create.mutateAsync({ ...form, itemId: item.data._id });
              navigate(`${paths.user.itemPendingPayment}/`);
            }}
          />
        </>
      )}
    </CheckoutShell>
  );
}
