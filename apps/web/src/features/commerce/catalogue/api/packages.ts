import type { TPackage, TPackageInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/packages: packages on sale, oldest first. */
export function usePackages() {
  return useQuery({ queryKey: queryKeys.packages.all, queryFn: () => api.get<TPackage[]>("/api/packages") });
}

/** GET /api/package/{id}: one package, retired ones included (the checkout summary). */
export function usePackage(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.packages.one(id),
    queryFn: () => api.get<TPackage>(`/api/package/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
  });
}

type Written = { success: true; message: string; data: TPackage };

function usePackageMutation<V>(fn: (v: V) => Promise<Written>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.packages.all }),
  });
}

/** POST /api/add-package */
export function useAddPackage() {
  return usePackageMutation((body: TPackageInput) => api.post<Written>("/api/add-package", body));
}

/** PUT /api/edit-package/{id} */
export function useEditPackage() {
  return usePackageMutation(({ id, body }: { id: string; body: TPackageInput }) =>
    api.put<Written>(`/api/edit-package/${encodeURIComponent(id)}`, body),
  );
}

/** DELETE /api/package/{id}: retire (off sale, orders intact). */
export function useRetirePackage() {
  return usePackageMutation((id: string) => api.delete<Written>(`/api/package/${encodeURIComponent(id)}`));
}
