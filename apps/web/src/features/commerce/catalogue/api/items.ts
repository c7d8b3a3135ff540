import type { TItem, TItemInput, TPublicItem } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/item/{id} (id or itemId). */
export function useItem(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.items.one(id),
    queryFn: async () =>
      (await api.get<{ success: true; data: TPublicItem }>(`/api/item/${encodeURIComponent(id ?? "")}`)).data,
    enabled: Boolean(id),
  });
}

/** GET /api/admin/items: every item with its access URL and guidelines. */
export function useAdminItems() {
  return useQuery({
    queryKey: queryKeys.items.admin,
    queryFn: async () => (await api.get<{ success: true; data: TItem[] }>("/api/admin/items")).data,
  });
}

type Written = { success: true; message: string; data: TItem };

function useItemMutation<V>(fn: (v: V) => Promise<Written>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.items.admin });
      void queryClient.invalidateQueries({ queryKey: queryKeys.items.all });
      return res;
    },
  });
}

export function useSaveItem() {
  return useItemMutation(({ id, body }: { id: string | null; body: TItemInput }) =>
    id ? api.put<Written>(`/api/items/${encodeURIComponent(id)}`, body) : api.post<Written>("/api/items", body),
  );
}

export function useRetireItem() {
  return useItemMutation((id: string) => api.delete<Written>(`/api/items/${encodeURIComponent(id)}`));
}
