import type { TEmailTemplate, TLedgerEntry, TMessageLogPage, TUser } from "@mailsmith/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The users feature's reads: one queryOptions factory per endpoint, so hooks and invalidations share their keys. */
export const userQueries = {
  /** GET /api/users (admin: every user, newest first). */
  list: () => queryOptions({ queryKey: queryKeys.users.all, queryFn: () => api.get<TUser[]>("/api/users") }),
  /** GET /api/users/{id}/credits: the user's ledger rows, newest first. */
  credits: (id: string | null) =>
    queryOptions({
      queryKey: queryKeys.users.credits(id),
      queryFn: () => api.get<TLedgerEntry[]>(`/api/users/${encodeURIComponent(id ?? "")}/credits`),
      enabled: Boolean(id),
    }),
  /** GET /api/user-emails: the message templates. */
  emailTemplates: (enabled = true) =>
    queryOptions({
      queryKey: queryKeys.emailTemplates,
      queryFn: () => api.get<TEmailTemplate[]>("/api/user-emails"),
      enabled,
    }),
  /** GET /api/message-logs?toEmail=&page= (5 per page, newest first). */
  messageLog: (toEmail: string | null, page: number) =>
    queryOptions({
      queryKey: queryKeys.messageLogs.page(toEmail, page),
      queryFn: () =>
        api.get<TMessageLogPage>(`/api/message-logs?toEmail=${encodeURIComponent(toEmail ?? "")}&page=${page}`),
      enabled: Boolean(toEmail),
      placeholderData: keepPreviousData,
    }),
};
