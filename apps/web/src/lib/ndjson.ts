import { FETCH_MESSAGES } from "@mailsmith/shared";
import { ApiError } from "./api-client";

/** A refused streaming request as an ApiError: the server's code and message when its body is JSON. */
export async function responseError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let data: { code?: string; message?: string } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") data = parsed;
  } catch {
    // not JSON
  }
  return new ApiError(
    res.status,
    data.code ?? `HTTP_${res.status}`,
    data.message ?? FETCH_MESSAGES.httpError(res.status),
  );
}

/** Reads an NDJSON body to its end, one parsed event per non-empty line. */
export async function readNdjson<T>(body: ReadableStream<Uint8Array>, onEvent: (event: T) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onEvent(JSON.parse(line) as T);
      nl = buffer.indexOf("\n");
    }
    if (done) break;
  }
  if (buffer.trim()) onEvent(JSON.parse(buffer) as T);
}
