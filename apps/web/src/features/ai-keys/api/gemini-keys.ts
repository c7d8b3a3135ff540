import type {
  TChooseGeminiModel,
  TCreateGeminiKey,
  TGeminiKeyDetail,
  TGeminiModels,
  TUpdateGeminiKey,
} from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

type One = { success: true; message: string; data: TGeminiKeyDetail };
type Tested = One & { ok: boolean };
type Models = { success: true; message: string; data: TGeminiModels };

export function useGeminiKeys() {
  return useQuery({
    queryKey: queryKeys.geminiKeys,
    queryFn: () => api.get<{ data: TGeminiKeyDetail[] }>("/api/gemini-keys").then((r) => r.data),
  });
}

/** The models the keys list, the model in use and the notices (decisions 094, 095). */
export function useGeminiModels() {
  return useQuery({
    queryKey: queryKeys.geminiModels,
    queryFn: () => api.get<{ data: TGeminiModels }>("/api/gemini-models").then((r) => r.data),
  });
}

export function useGeminiKeyMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    qc.invalidateQueries({ queryKey: queryKeys.geminiKeys });
    qc.invalidateQueries({ queryKey: queryKeys.geminiModels });
    qc.invalidateQueries({ queryKey: queryKeys.generatorStatus });
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
    test: useMutation({ mutationFn: (id: string) => api.post<Tested>(`/api/gemini-keys/${id}/test`), onSuccess }),
    choose: useMutation({
      mutationFn: (body: TChooseGeminiModel) => api.put<Models>("/api/gemini-models/choice", body),
      onSuccess,
    }),
    refresh: useMutation({ mutationFn: () => api.post<Models>("/api/gemini-models/refresh"), onSuccess }),
  };
}
