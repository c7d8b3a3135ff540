import type {
  TAdminOrderQuery,
  TCheckoutForm,
  TItemOrder,
  TPackage,
  TPackageOrder,
  TPublicItem,
} from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const ordersKey = ["orders"] as const;

/** GET /api/package/{id} (for the checkout summary). */
export function useCheckoutPackage(id: string | undefined) {
  return useQuery({
    queryKey: ["packages", "one", id],
    queryFn: () => api.get<TPackage>(`/api/package/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
  });
}

/** GET /api/item/{id} (for the checkout summary). */
export function useCheckoutItem(id: string | undefined) {
  return useQuery({
    queryKey: ["item", id],
    queryFn: async () =>
      (await api.get<{ success: true; data: TPublicItem }>(`/api/item/${encodeURIComponent(id ?? "")}`)).data,
    enabled: Boolean(id),
  });
}

/** GET /api/orders: the caller's package orders, newest first. */
export function useMyOrders() {
  return useQuery({ queryKey: [...ordersKey, "package"], queryFn: () => api.get<TPackageOrder[]>("/api/orders") });
}

/** GET /api/item-orders: the caller's item orders, newest first. */
export function useMyItemOrders() {
  return useQuery({ queryKey: [...ordersKey, "item"], queryFn: () => api.get<TItemOrder[]>("/api/item-orders") });
}

/** POST /api/new-order: the server prices the order from its own package record. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCheckoutForm & { packageId: string }) =>
      api.post<{ success: true; data: TPackageOrder }>("/api/new-order", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** POST /api/new-item-order */
export function useCreateItemOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCheckoutForm & { itemId: string }) =>
      api.post<{ success: true; data: TItemOrder }>("/api/new-item-order", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

type Page<T> = { data: T[]; total: number; page: number; pageSize: number };

function toQuery(q: TAdminOrderQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}

/** GET /api/admin/orders (search, sort and paging on the server). */
export function useAdminOrders(q: TAdminOrderQuery) {
  return useQuery({
    queryKey: [...ordersKey, "admin", "package", q],
    queryFn: () => api.get<Page<TPackageOrder>>(`/api/admin/orders?${toQuery(q)}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/item-orders */
export function useAdminItemOrders(q: TAdminOrderQuery) {
  return useQuery({
    queryKey: [...ordersKey, "admin", "item", q],
    queryFn: () => api.get<Page<TItemOrder>>(`/api/admin/item-orders?${toQuery(q)}`),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/order/{id} or /api/item-order/{id} (pending only). */
export function useDeleteOrder(kind: "package" | "item") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ success: true; message: string }>(
        `/api/${kind === "package" ? "order" : "item-order"}/${encodeURIComponent(id)}`,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
