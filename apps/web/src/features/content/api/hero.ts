import { CONTENT_ROUTES, type THero, type THeroInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { write } from "./mutate";
import { heroQuery } from "./queries";

export function useHero() {
  return useQuery(heroQuery);
}

export function useSaveHero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THeroInput) => write.put<THero>(CONTENT_ROUTES.hero, body),
    onSuccess: (res) => qc.setQueryData(queryKeys.content.hero, res.data),
  });
}

export function useResetHero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => write.post<THero>(`${CONTENT_ROUTES.hero}/reset`),
    onSuccess: (res) => qc.setQueryData(queryKeys.content.hero, res.data),
  });
}
