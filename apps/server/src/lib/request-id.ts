import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

const REQUEST_ID_RE = /^[\w-]{1,64}$/;

/** The caller's `x-request-id` when it is a plain token (a proxy's id, so lines join up), else a new UUID. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
}
