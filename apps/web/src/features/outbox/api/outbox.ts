import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface OutboxMail {
  _id: string;
  toEmail: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

/** GET /api/admin/outbox: mail kept locally when the server has no SMTP_URL; with one, where mail goes. */
export const outboxQuery = queryOptions({
  queryKey: queryKeys.outbox,
  queryFn: () =>
    api.get<{ mode: "smtp" | "outbox"; smtp?: { server: string; from: string }; data: OutboxMail[] }>(
      "/api/admin/outbox",
    ),
});

export function useOutbox() {
  return useQuery(outboxQuery);
}
