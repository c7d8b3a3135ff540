import type {
  TChooseGeminiModel,
  TCreateGeminiKey,
  TGeminiKeyDetail,
  TGeminiModels,
  TUpdateGeminiKey,
} from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { generatorStatusQuery } from "./queries";

type One = { success: true; message: string; data: TGeminiKeyDetail };
type Tested = One & { ok: boolean };
type Models = { success: true; message: string; data: TGeminiModels };
const key = ["gemini-keys"] as const;
const modelsKey = ["gemini-models"] as const;

export function useGeminiKeys() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<{ data: TGeminiKeyDetail[] }>("/api/gemini-keys").then((r) => r.data),
  });
}

/** The models the keys list, the model in use and the notices (decisions 094, 095). */
export function useGeminiModels() {
  return useQuery({
    queryKey: modelsKey,
    queryFn: () => api.get<{ data: TGeminiModels }>("/api/gemini-models").then((r) => r.data),
  });
}

export function useGeminiKeyMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    qc.invalidateQueries({ queryKey: key });
    qc.invalidateQueries({ queryKey: modelsKey });
    qc.invalidateQueries({ queryKey: generatorStatusQuery.queryKey });
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
