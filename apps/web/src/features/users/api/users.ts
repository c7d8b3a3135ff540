import type { TAdminUserUpdate, TUser } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { userQueries } from "./queries";

/** GET /api/users (admin: every user, newest first). */
export function useUsers() {
  return useQuery(userQueries.list());
}

type UserReply = { success: true; message: string; user: TUser };

function useUserMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** PUT /api/users/{id}: name, role, membership, balance (a ledger adjustment on the server). */
export function useUpdateUser() {
  return useUserMutation(({ id, body }: { id: string; body: TAdminUserUpdate }) =>
    api.put<UserReply>(`/api/users/${encodeURIComponent(id)}`, body),
  );
}

/** DELETE /api/users/{id} */
export function useDeleteUser() {
  return useUserMutation((id: string) =>
    api.delete<{ success: true; message: string }>(`/api/users/${encodeURIComponent(id)}`),
  );
}

/** PUT /api/users/{id}/banned: disable (ends sessions) or enable an account. */
export function useSetBanned() {
  return useUserMutation(({ id, banned }: { id: string; banned: boolean }) =>
    api.put<UserReply>(`/api/users/${encodeURIComponent(id)}/banned`, { banned }),
  );
}

/** GET /api/users/{id}/credits: the user's ledger rows, newest first. */
export function useCreditHistory(id: string | null) {
  return useQuery(userQueries.credits(id));
}
