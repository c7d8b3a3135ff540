import type { TPaypalSettings, TPaypalSettingsInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/paypal-settings/admin: every setting, the secret masked. */
export function useAdminPaypalSettings() {
  return useQuery({
    queryKey: queryKeys.paypalSettings.admin,
    queryFn: async () => (await api.get<{ success: true; data: TPaypalSettings }>("/api/paypal-settings/admin")).data,
  });
}

type Saved = { success: true; message: string; data: TPaypalSettings };

/** Saving or resetting the settings also refreshes what the payment page reads. */
function useSettingsMutation<V>(fn: (v: V) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.paypalSettings.admin, res.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.paypalSettings.public });
    },
  });
}

/** PUT /api/paypal-settings */
export function useSavePaypalSettings() {
  return useSettingsMutation((body: TPaypalSettingsInput) => api.put<Saved>("/api/paypal-settings", body));
}

/** POST /api/paypal-settings/reset */
export function useResetPaypalSettings() {
  return useSettingsMutation<void>(() => api.post<Saved>("/api/paypal-settings/reset"));
}
