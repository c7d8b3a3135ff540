import { FETCH_MESSAGES, type TGenerateEvent, type TGeneratorStatus } from "@mailsmith/shared";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { readNdjson, responseError } from "@/lib/ndjson";

/** Whether an active key exists (the keys themselves never reach the browser). */
export function useGeneratorStatus(enabled: boolean) {
  return useQuery({
    queryKey: ["generator-status"],
    queryFn: () => api.get<TGeneratorStatus>("/api/generate/status"),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * POSTs a generation (multipart form) or a refinement (JSON) and reads the NDJSON event stream.
 * Refusals before the credit moves (no keys, no credits, bad images) throw ApiError with the server's message.
 */
export async function streamGeneration(
  path: string,
  body: FormData | Record<string, unknown>,
  onEvent: (event: TGenerateEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers = new Headers();
  let payload: BodyInit;
  if (body instanceof FormData) payload = body;
  else {
    headers.set("content-type", "application/json");
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", body: payload, headers, credentials: "same-origin", signal });
  } catch {
    throw new ApiError(0, "NETWORK", FETCH_MESSAGES.network);
  }
  if (!res.ok || !res.body) throw await responseError(res);
  await readNdjson(res.body, onEvent);
}
