import type { OrderKind, TCaptureResult, TItemOrder, TPackageOrder, TPublicPaypalSettings } from "@mailsmith/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { orderPath } from "../../orders/api/orders";

/** GET /api/paypal-settings: what the browser needs for the buttons. */
export function usePublicPaypalSettings() {
  return useQuery({
    queryKey: queryKeys.paypalSettings.public,
    queryFn: async () => (await api.get<{ success: true; data: TPublicPaypalSettings }>("/api/paypal-settings")).data,
    staleTime: 0,
  });
}

/** GET /api/order/{id} or /api/item-order/{id}: the order being paid. */
export function usePayableOrder(kind: OrderKind, id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.orders.one(kind, id),
    queryFn: () => api.get<TPackageOrder | TItemOrder>(orderPath(kind, id ?? "")),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** POST /api/paypal/create-order */
export function createPaypalOrder(kind: OrderKind, id: string) {
  return api.post<{ success: true; id: string; status: string; approveUrl: string | null }>(
    "/api/paypal/create-order",
    { kind, id },
  );
}

/** POST /api/paypal/capture-order */
export function capturePaypalOrder(kind: OrderKind, id: string, paypalOrderId: string) {
  return api.post<TCaptureResult>("/api/paypal/capture-order", { kind, id, paypalOrderId });
}

/** GET /api/verify-order/{id}: the payment page calls it after a capture; its failure is tolerated. */
export function verifyOrder(id: string) {
  return api.get<unknown>(`/api/verify-order/${encodeURIComponent(id)}`);
}
