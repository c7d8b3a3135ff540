import {
  EMAIL_FIX_TEXTS,
  type TEmailFixRequest,
  type TEmailFixResponse,
  ZEmailFixResponseSchema,
} from "@mailsmith/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

/** POST /api/email-fix: the report's one-click fixes (free), validated against the shared schema. */
export async function fixEmail(body: TEmailFixRequest): Promise<TEmailFixResponse> {
  const data = await api.post<unknown>("/api/email-fix", body);
  const parsed = ZEmailFixResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(500, "BAD_RESPONSE", EMAIL_FIX_TEXTS.ui.failed);
  return parsed.data;
}

export function useEmailFix() {
  return useMutation({ mutationFn: fixEmail });
}
