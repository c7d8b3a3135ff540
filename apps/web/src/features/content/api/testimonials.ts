import { CONTENT_ROUTES, CONTENT_TEXTS, type TTestimonial, type TTestimonialInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContent } from "./fetch-content";
import { contentKeys } from "./keys";
import { write } from "./mutate";

/** GET /api/testimonials: the list is at data.data. */
export function useTestimonials() {
  return useQuery({
    queryKey: contentKeys.testimonials,
    queryFn: async () =>
      (
        await fetchContent<{ data: TTestimonial[] } | null>(
          CONTENT_ROUTES.testimonials,
          CONTENT_TEXTS.testimonials.failed,
        )
      )?.data ?? [],
  });
}

function useTestimonialsWrite<V, R>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: contentKeys.testimonials }),
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
