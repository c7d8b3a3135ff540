import {
  EMAIL_CHECK_MESSAGES,
  FETCH_MESSAGES,
  type TEmailCheckResponse,
  type TImportTemplate,
  type TTemplate,
  ZEmailCheckResponseSchema,
} from "@mailsmith/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/features/auth/api/me";
import { ApiError, api } from "@/lib/api-client";

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
  const text = await res.text();
  if (!res.ok) {
    let data: { code?: string; message?: string } = {};
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON
    }
    throw new ApiError(
      res.status,
      data.code ?? `HTTP_${res.status}`,
      data.message ?? FETCH_MESSAGES.httpError(res.status),
    );
  }
  const events = text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as RefineEvent);
  for (const e of events) {
    if (e.type === "done" && "template" in e) return e.template;
    if (e.type === "error" && "message" in e) throw new ApiError(502, "FIX_FAILED", e.message);
  }
  throw new ApiError(502, "FIX_FAILED", EMAIL_CHECK_MESSAGES.fixFailed);
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
      qc.invalidateQueries({ queryKey: meQueryKey });
      qc.invalidateQueries({ queryKey: ["templates"] });
    },
  });
}
