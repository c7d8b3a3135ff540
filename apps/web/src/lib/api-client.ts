import { FETCH_MESSAGES } from "@mailsmith/shared";

/** An API failure with the server's code and message (or the spec's fetch messages). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Body = unknown;

async function request<T>(method: string, path: string, body?: Body, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("content-type", "application/json");
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { ...init, method, headers, body: payload, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", FETCH_MESSAGES.network);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const obj = (data && typeof data === "object" ? data : {}) as { code?: string; message?: string; error?: string };
    // Our server's message, else words for the status (a proxy's page or a bare `error` field is not shown).
    const message = typeof obj.message === "string" && obj.message ? obj.message : FETCH_MESSAGES.httpError(res.status);
    throw new ApiError(res.status, obj.code ?? `HTTP_${res.status}`, message, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>("GET", path, undefined, init),
  post: <T>(path: string, body?: Body, init?: RequestInit) => request<T>("POST", path, body ?? {}, init),
  put: <T>(path: string, body?: Body, init?: RequestInit) => request<T>("PUT", path, body ?? {}, init),
  patch: <T>(path: string, body?: Body, init?: RequestInit) => request<T>("PATCH", path, body ?? {}, init),
  delete: <T>(path: string, init?: RequestInit) => request<T>("DELETE", path, undefined, init),
};

/**
 * Text that is not for people: JSON or a serialised object, a stack line, a bare status ("500 - {…}", "HTTP 502").
 * A failure shows its fallback instead.
 */
const RAW =
  /^\s*[[{<]|[{}]|\bat \S+ \(|\b[45]\d\d\s*[-:]|\bHTTP[_ ]?\d{3}\b|\bstatus:?\s*\d{3}\b|^(?:Type|Syntax|Range|Reference|Zod|Abort)Error\b/i;

export function errorMessage(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : "";
  return message && !RAW.test(message) ? message : fallback;
}
