import type {
  OrderKind,
  TCaptureResult,
  TItemOrder,
  TPackageOrder,
  TPaypalSettings,
  TPaypalSettingsInput,
  TPublicPaypalSettings,
} from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/paypal-settings: what the browser needs for the buttons. */
export function usePublicPaypalSettings() {
  return useQuery({
    queryKey: ["paypal-settings", "public"],
    queryFn: async () => (await api.get<{ success: true; data: TPublicPaypalSettings }>("/api/paypal-settings")).data,
    staleTime: 0,
  });
}

/** GET /api/order/{id} or /api/item-order/{id}: the order being paid. */
export function usePayableOrder(kind: OrderKind, id: string | undefined) {
  return useQuery({
    queryKey: ["orders", kind, "one", id],
    queryFn: () =>
      api.get<TPackageOrder | TItemOrder>(
        `/api/${kind === "package" ? "order" : "item-order"}/${encodeURIComponent(id ?? "")}`,
      ),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function createPaypalOrder(kind: OrderKind, id: string) {
  return api.post<{ success: true; id: string; status: string; approveUrl: string | null }>(
    "/api/paypal/create-order",
    {
      kind,
      id,
    },
  );
}

export function capturePaypalOrder(kind: OrderKind, id: string, paypalOrderId: string) {
  return api.post<TCaptureResult>("/api/paypal/capture-order", { kind, id, paypalOrderId });
}

/** GET /api/verify-order/{id}: the payment page calls it after a capture; its failure is tolerated. */
export function verifyOrder(id: string) {
  return api.get<unknown>(`/api/verify-order/${encodeURIComponent(id)}`);
}

const adminKey = ["paypal-settings", "admin"] as const;

export function useAdminPaypalSettings() {
  return useQuery({
    queryKey: adminKey,
    queryFn: async () => (await api.get<{ success: true; data: TPaypalSettings }>("/api/paypal-settings/admin")).data,
  });
}

type Saved = { success: true; message: string; data: TPaypalSettings };

export function useSavePaypalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaypalSettingsInput) => api.put<Saved>("/api/paypal-settings", body),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKey, res.data);
      void queryClient.invalidateQueries({ queryKey: ["paypal-settings", "public"] });
    },
  });
}

export function useResetPaypalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Saved>("/api/paypal-settings/reset"),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKey, res.data);
      void queryClient.invalidateQueries({ queryKey: ["paypal-settings", "public"] });
    },
  });
}
