import { FETCH_MESSAGES, type TGenerateEvent, type TGeneratorStatus } from "@mailsmith/shared";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

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
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => "");
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
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onEvent(JSON.parse(line) as TGenerateEvent);
      nl = buffer.indexOf("\n");
    }
    if (done) break;
  }
  if (buffer.trim()) onEvent(JSON.parse(buffer) as TGenerateEvent);
}
