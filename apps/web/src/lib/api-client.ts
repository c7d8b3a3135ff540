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
    throw new ApiError(
      res.status,
      obj.code ?? `HTTP_${res.status}`,
      obj.message ?? obj.error ?? FETCH_MESSAGES.httpError(res.status),
      data,
    );
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

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
