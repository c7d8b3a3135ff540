import { CONTENT_ROUTES, type TContactForm, type TContactPage, type TContactPageInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { type WriteAnswer, write } from "./mutate";
import { contactPageQuery } from "./queries";

export function useContactPage() {
  return useQuery(contactPageQuery);
}

function useContactPageWrite<V>(call: (v: V) => Promise<WriteAnswer<TContactPage>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => qc.setQueryData(queryKeys.content.contactPage, res.data),
  });
}

export const useSaveContactPage = () =>
  useContactPageWrite((body: TContactPageInput) => write.put<TContactPage>(CONTENT_ROUTES.contactPage, body));
export const useResetContactPage = () =>
  useContactPageWrite(() => write.post<TContactPage>(`${CONTENT_ROUTES.contactPage}/reset`));

/** The contact form files a support ticket (status open, role user; the server sets both). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (values: TContactForm) =>
      api.post<{ success: true; data: { _id: string } }>("/api/new-support-message", {
        ...values,
        ticketStatus: "open",
        ticketUserRole: "user",
        createdAt: new Date().toISOString(),
      }),
  });
}
