import type { TBrandKit, TBrandKitInput, TBrandPalette } from "@mailsmith/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The member's brand kits (decision 113). The generator lists them through its own call, on the same key. */
const kitsKey = queryKeys.brandKits;

export const brandKitsQuery = queryOptions({
  queryKey: kitsKey,
  queryFn: () => api.get<TBrandKit[]>("/api/brand-kits"),
});

export function useBrandKits() {
  return useQuery(brandKitsQuery);
}

/** Create (no id) or update (id) a kit; the list is fetched again after. */
export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kit }: { id?: string; kit: TBrandKitInput }) =>
      id ? api.put(`/api/brand-kits/${id}`, kit) : api.post("/api/brand-kits", kit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitsKey }),
  });
}

export function useDeleteBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/brand-kits/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitsKey }),
  });
}

function imageForm(file: File) {
  const form = new FormData();
  form.append("image", file, file.name);
  return form;
}

/** The palette of a design or a site screenshot (nothing stored). */
export async function paletteFromImage(file: File): Promise<TBrandPalette> {
  return (await api.post<{ palette: TBrandPalette }>("/api/brand-kits/palette", imageForm(file))).palette;
}

/** Uploads a logo; answers its address. */
export async function uploadLogo(file: File): Promise<string> {
  return (await api.post<{ url: string }>("/api/brand-kits/logo", imageForm(file))).url;
}
