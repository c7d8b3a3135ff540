import { CONTENT_ROUTES, CONTENT_TEXTS, type THero, type THeroInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContent } from "./fetch-content";
import { contentKeys } from "./keys";
import { write } from "./mutate";

export function useHero() {
  return useQuery({
    queryKey: contentKeys.hero,
    queryFn: () => fetchContent<THero | null>(CONTENT_ROUTES.hero, CONTENT_TEXTS.hero.fetchFailed),
  });
}

export function useSaveHero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THeroInput) => write.put<THero>(CONTENT_ROUTES.hero, body),
    onSuccess: (res) => qc.setQueryData(contentKeys.hero, res.data),
  });
}

export function useResetHero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => write.post<THero>(`${CONTENT_ROUTES.hero}/reset`),
    onSuccess: (res) => qc.setQueryData(contentKeys.hero, res.data),
  });
}
