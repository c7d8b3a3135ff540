import type { TCreateGeminiKey, TGeminiKey, TUpdateGeminiKey } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

type One = { success: true; message: string; data: TGeminiKey };
const key = ["gemini-keys"] as const;

export function useGeminiKeys() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<{ data: TGeminiKey[] }>("/api/gemini-keys").then((r) => r.data),
  });
}

export function useGeminiKeyMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    qc.invalidateQueries({ queryKey: key });
    qc.invalidateQueries({ queryKey: ["generator-status"] });
  };
  return {
    create: useMutation({ mutationFn: (body: TCreateGeminiKey) => api.post<One>("/api/gemini-keys", body), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TUpdateGeminiKey }) =>
        api.put<One>(`/api/gemini-keys/${id}`, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ message: string }>(`/api/gemini-keys/${id}`),
      onSuccess,
    }),
    toggle: useMutation({ mutationFn: (id: string) => api.patch<One>(`/api/gemini-keys/${id}/toggle`), onSuccess }),
  };
}
