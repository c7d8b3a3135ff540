import { CONTENT_ROUTES, type TTestimonial, type TTestimonialInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { write } from "./mutate";
import { loadTestimonials } from "./queries";

/**
 * The landing's list, or with `admin` the settings table's (inactive rows included) under its own key,
 * so the landing's copy never stands in for it.
 */
export function useTestimonials(opts: { admin?: boolean } = {}) {
  return useQuery<TTestimonial[]>({
    queryKey: opts.admin ? queryKeys.content.testimonialsAdmin : queryKeys.content.testimonials,
    queryFn: loadTestimonials,
  });
}

function useTestimonialsWrite<V, R>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.content.testimonials }),
  });
}

export const useCreateTestimonial = () =>
  useTestimonialsWrite((body: TTestimonialInput) => write.post<TTestimonial>(CONTENT_ROUTES.testimonials, body));
export const useUpdateTestimonial = () =>
  useTestimonialsWrite(({ id, body }: { id: string; body: TTestimonialInput }) =>
    write.put<TTestimonial>(`${CONTENT_ROUTES.testimonials}/${id}`, body),
  );
export const useDeleteTestimonial = () =>
  useTestimonialsWrite((id: string) => write.delete<null>(`${CONTENT_ROUTES.testimonials}/${id}`));
export const useResetTestimonials = () =>
  useTestimonialsWrite(() => write.post<unknown>(`${CONTENT_ROUTES.testimonials}/reset`));
