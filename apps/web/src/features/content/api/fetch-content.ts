import { FETCH_MESSAGES, FOOTER_VERSION_HEADER } from "@mailsmith/shared";
import { noteFooterVersion } from "./footer-cache";

export interface ContentAnswer<T> {
  data: T;
  version: string | null;
}

/**
 * Public content read with the spec's error texts (site §8): a non-OK status gives
 * FETCH_MESSAGES.httpError (words for the status, decision 127), success false gives the server message or the fallback,
 * a network failure gives "Network error or server not responding".
 */
export async function fetchContentAnswer<T>(path: string, fallback: string): Promise<ContentAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  } catch {
    throw new Error(FETCH_MESSAGES.network);
  }
  if (!res.ok) throw new Error(FETCH_MESSAGES.httpError(res.status));
  const version = res.headers.get(FOOTER_VERSION_HEADER);
  let body: { success?: boolean; data?: T; message?: string };
  try {
    body = await res.json();
  } catch {
    throw new Error(fallback);
  }
  if (!body || body.success === false) throw new Error(body?.message || fallback);
  noteFooterVersion(version);
  return { data: body.data as T, version };
}

export async function fetchContent<T>(path: string, fallback: string): Promise<T> {
  return (await fetchContentAnswer<T>(path, fallback)).data;
}
