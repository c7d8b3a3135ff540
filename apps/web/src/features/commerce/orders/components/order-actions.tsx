import { ORDER_MESSAGES, type OrderKind } from "@mailsmith/shared";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button, buttonClasses } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-client";
import { useCancelOrder } from "../api/orders";
import { isPayable } from "../order-status";
import { orderName, payNowPath } from "./order-format";

type Order = { _id: string; packageName: string; paymentStatus: string };

/**
 * What a member can do with an unpaid order: pay it or cancel it. Cancelling asks first, naming the
 * package or item; a cancelled order then shows its "Cancelled" status and no actions.
 */
export function UnpaidOrderActions({ kind, order }: { kind: OrderKind; order: Order }) {
  const cancel = useCancelOrder();
  const [confirm, confirmDialog] = useConfirm();
  if (!isPayable(order)) return null;
  const name = orderName(order, kind);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {confirmDialog}
      <Link to={payNowPath(kind, order._id)} className={buttonClasses("primary", "px-3 py-1.5")}>
        {ORDER_MESSAGES.payNow}
      </Link>
      <Button
        variant="dangerGhost"
        className="px-3 py-1.5"
        aria-label={`${ORDER_MESSAGES.cancelOrder}: ${name}`}
        loading={cancel.isPending}
        onClick={async () => {
          const ok = await confirm(ORDER_MESSAGES.cancelConfirmNamed(name), {
            confirmLabel: ORDER_MESSAGES.cancelOrder,
            cancelLabel: ORDER_MESSAGES.keepOrder,
            danger: true,
          });
          if (!ok) return;
          try {
            const res = await cancel.mutateAsync(order._id);
            toast.success(res.message || ORDER_MESSAGES.cancelled);
          } catch (err) {
            toast.error(errorMessage(err, ORDER_MESSAGES.cancelFailed));
          }
        }}
      >
        {ORDER_MESSAGES.cancelOrder}
      </Button>
    </span>
  );
}
