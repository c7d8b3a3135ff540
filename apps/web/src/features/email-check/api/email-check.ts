import {
  EMAIL_CHECK_MESSAGES,
  FETCH_MESSAGES,
  type TEmailCheckResponse,
  type TImportTemplate,
  type TTemplate,
  ZEmailCheckResponseSchema,
} from "@mailsmith/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { readNdjson, responseError } from "@/lib/ndjson";
import { queryKeys } from "@/lib/query-keys";

/**
 * POST /api/email-check as multipart/form-data: field `html`, and the optional design image `design` (the answer
 * then carries the fidelity score). The answer is validated against the shared schema.
 */
export async function checkEmail({
  html,
  design,
}: {
  html: string;
  design?: File | null;
}): Promise<TEmailCheckResponse> {
  const form = new FormData();
  form.append("html", html);
  if (design) form.append("design", design, design.name);
  const data = await api.post<unknown>("/api/email-check", form);
  const parsed = ZEmailCheckResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(500, "BAD_RESPONSE", EMAIL_CHECK_MESSAGES.checkFailed);
  return parsed.data;
}

export function useEmailCheck() {
  return useMutation({ mutationFn: checkEmail });
}

/** Saves the checked email as the member's template (version 1, free). */
export async function importTemplate(body: TImportTemplate): Promise<TTemplate> {
  const res = await api.post<{ success: true; data: TTemplate }>("/api/templates/import", body);
  return res.data;
}

type RefineEvent =
  | { type: "start"; generationId: string }
  | { type: "done"; template: TTemplate }
  | { type: "error"; message: string; refunded: boolean }
  | { type: string };

/**
 * Refines a template through the generator's refine path (1 credit, NDJSON events) and resolves with the new
 * version once it is done; an error event rejects with its message (the credit is refunded by the server).
 */
export async function refineTemplate(id: string, instructions: string): Promise<TTemplate> {
  let res: Response;
  try {
    res = await fetch(`/api/templates/${id}/refine`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ instructions }),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", FETCH_MESSAGES.network);
  }
  if (!res.ok || !res.body) throw await responseError(res);
  // The first final event decides: the new version, or the error (the credit is refunded by the server).
  let outcome: { template: TTemplate } | { failure: string } | undefined;
  await readNdjson<RefineEvent>(res.body, (e) => {
    if (outcome) return;
    if (e.type === "done" && "template" in e) outcome = { template: e.template };
    else if (e.type === "error" && "message" in e) outcome = { failure: e.message };
  });
  if (outcome && "template" in outcome) return outcome.template;
  throw new ApiError(502, "FIX_FAILED", outcome?.failure ?? EMAIL_CHECK_MESSAGES.fixFailed);
}

/** "Fix with AI": import the checked HTML as a template, then refine it with the failing checks (1 credit). */
export function useFixWithAi() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ html, instructions }: { html: string; instructions: string }) => {
      const imported = await importTemplate({ html });
      try {
        return { imported, refined: await refineTemplate(imported._id, instructions) };
      } catch (err) {
        // The imported copy stays in My Templates; the member can refine it from there.
        throw Object.assign(err as Error, { importedId: imported._id });
      }
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: queryKeys.me });
      qc.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
  });
}
