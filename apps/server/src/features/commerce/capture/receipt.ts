import type { OrderKind } from "@mailsmith/shared";
import { letters } from "../../../adapters/mail/letters.js";
import type { AppContext } from "../../../context.js";
import type { OrderRow, PackageOrderRow } from "../orders/repo.js";

const money = (value: number | string, currency: string) => {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(value));
  } catch {
    return `${Number(value).toFixed(2)} ${currency}`;
  }
};

const day = (d: Date) =>
  d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The purchase receipt (decision 127): sent once the capture's transaction committed, by the one
 * caller that turned the order from pending to paid (settle's `changed`: a racing capture or the webhook finds it paid
 * and sends nothing), so exactly once per order. A failed send is logged; the payment stands.
 */
export async function sendReceipt(
  ctx: Pick<AppContext, "letters" | "log" | "env">,
  kind: OrderKind,
  paid: OrderRow,
): Promise<void> {
  const credits = kind === "package" ? (paid as PackageOrderRow).credit : undefined;
  const path = kind === "package" ? "/user/generate-code" : "/user/orders-history";
  try {
    await ctx.letters.send(
      paid.customerEmail,
      letters.receipt({
        name: paid.customerName,
        packageName: paid.packageName,
        ...(credits === undefined ? {} : { credits }),
        amount: money(paid.totalPrice, paid.currency),
        orderRef: paid.orderId,
        date: day(paid.paidAt ?? new Date()),
        url: new URL(path, ctx.env.publicUrl).toString(),
      }),
    );
  } catch (err) {
    ctx.log.error({ err, orderId: paid.orderId }, "purchase receipt not sent");
  }
}
