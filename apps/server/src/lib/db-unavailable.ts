/** Seconds a client should wait before retrying while the database is unreachable. */
export const DB_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);
/** PostgreSQL SQLSTATEs meaning "cannot talk to the database right now" (class 08, shutdown, too many clients). */
const PG_UNAVAILABLE = /^(08|57P0[1-3]|53300)/;
const MESSAGES =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|server closed the connection|cannot use a pool after calling end|the database system is (starting up|shutting down)/i;

/** True when `err` (or any error in its cause chain) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
