import type { OrderKind, TAdminOrderQuery, TCancelOrderResult, TItemOrder, TPackageOrder } from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The order row each kind lists. */
export type OrderOf<K extends OrderKind> = { package: TPackageOrder; item: TItemOrder }[K];

/** /api/order/{id} or /api/item-order/{id}: one order (read, delete). */
export function orderPath(kind: OrderKind, id: string) {
  return `/api/${kind === "package" ? "order" : "item-order"}/${encodeURIComponent(id)}`;
}

const myListPath = { package: "/api/orders", item: "/api/item-orders" } as const;
const adminListPath = { package: "/api/admin/orders", item: "/api/admin/item-orders" } as const;

/** GET /api/orders or /api/item-orders: the caller's orders of one kind, newest first. */
export function useMyOrders<K extends OrderKind>(kind: K) {
  return useQuery({ queryKey: queryKeys.orders.mine(kind), queryFn: () => api.get<OrderOf<K>[]>(myListPath[kind]) });
}

type Page<T> = { data: T[]; total: number; page: number; pageSize: number };

function toQuery(q: TAdminOrderQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}

/** GET /api/admin/orders or /api/admin/item-orders (search, sort and paging on the server). */
export function useAdminOrders<K extends OrderKind>(kind: K, q: TAdminOrderQuery) {
  return useQuery({
    queryKey: queryKeys.orders.admin(kind, q),
    queryFn: () => api.get<Page<OrderOf<K>>>(`${adminListPath[kind]}?${toQuery(q)}`),
    placeholderData: keepPreviousData,
  });
}

function useOrderMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

/** DELETE /api/order/{id} or /api/item-order/{id} (admin; pending only). */
export function useDeleteOrder(kind: OrderKind) {
  return useOrderMutation((id: string) => api.delete<{ success: true; message: string }>(orderPath(kind, id)));
}

/** POST /api/orders/{id}/cancel (package or item order): its owner cancels it while unpaid; it can no longer be paid. */
export function useCancelOrder() {
  return useOrderMutation((id: string) => api.post<TCancelOrderResult>(`/api/orders/${encodeURIComponent(id)}/cancel`));
}
