import type { OrderKind, TCheckoutForm } from "@mailsmith/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { OrderOf } from "../../orders/api/orders";

const createPath = { package: "/api/new-order", item: "/api/new-item-order" } as const;
const productField = { package: "packageId", item: "itemId" } as const;

/** POST /api/new-order or /api/new-item-order: the server prices the order from its own product record. */
export function useCreateOrder<K extends OrderKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, ...form }: TCheckoutForm & { productId: string }) =>
      api.post<{ success: true; data: OrderOf<K> }>(createPath[kind], { ...form, [productField[kind]]: productId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
