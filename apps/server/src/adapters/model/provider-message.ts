/**
 * What a model service said when it failed, as admins and logs see it (decision 131): only the message of its JSON
 * error body (OpenAI `{"error":{"message":…}}`, Google `{"error":{"message":…,"status":…}}`), on one line and short.
 * A proxy's HTML error page, or any other body, gives "" and the caller says in words that there was no message.
 */
export const PROVIDER_MESSAGE_MAX = 300;

/** Markup: a page (or a fragment of one) rather than a sentence. */
const MARKUP = /<\s*\/?\s*(!doctype|html|head|body|title|h\d|p|div|center|hr|pre|span|br|a)\b[^>]*>/i;

/** A message text as one readable line of at most PROVIDER_MESSAGE_MAX characters ("" when it is markup). */
export function readableMessage(text: string): string {
  if (MARKUP.test(text)) return "";
  const line = text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > PROVIDER_MESSAGE_MAX ? `${line.slice(0, PROVIDER_MESSAGE_MAX - 1)}…` : line;
}

/** `error.message` of a JSON error body, readable; "" when the body is not JSON or has no message. */
export function providerErrorMessage(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "";
  }
  const message = (parsed as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" ? readableMessage(message) : "";
}
