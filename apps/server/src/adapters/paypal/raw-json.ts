/**
 * Exact-bytes helpers for PayPal webhooks: PayPal signs the bytes it delivered, so the event must travel to
 * verify-webhook-signature exactly as received, never re-serialised (decision 098).
 */

/** A JSON object text with `fields` plus `key` whose value is the raw JSON text `raw`, spliced in unchanged. */
export function spliceRawMember(fields: Record<string, unknown>, key: string, raw: string): string {
  const head = JSON.stringify(fields);
  const sep = head === "{}" ? "" : ",";
  return `${head.slice(0, -1)}${sep}${JSON.stringify(key)}:${raw}}`;
}

/**
 * The exact text of the value of top-level member `key` in a JSON object text (no surrounding whitespace),
 * or null when the text is not an object or has no such member. The text must be valid JSON (parse it first).
 */
export function rawMemberValue(json: string, key: string): string | null {
  let i = skipWs(json, 0);
  if (json[i] !== "{") return null;
  i++;
  for (;;) {
    i = skipWs(json, i);
    if (json[i] === "}") return null;
    const nameEnd = endOfValue(json, i);
    const name = JSON.parse(json.slice(i, nameEnd)) as string;
    i = skipWs(json, nameEnd);
    if (json[i] !== ":") return null;
    const start = skipWs(json, i + 1);
    const end = endOfValue(json, start);
    if (name === key) return json.slice(start, end);
    i = skipWs(json, end);
    if (json[i] === ",") i++;
    else return null;
  }
}

function skipWs(s: string, i: number): number {
  while (i < s.length && (s[i] === " " || s[i] === "\n" || s[i] === "\r" || s[i] === "\t")) i++;
  return i;
}

/** Index just past the JSON value starting at `i`. */
function endOfValue(s: string, i: number): number {
  const c = s[i];
  if (c === '"') {
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === "\\") j++;
      else if (s[j] === '"') return j + 1;
    }
    throw new SyntaxError("unterminated string");
  }
  if (c === "{" || c === "[") {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const d = s[j];
      if (d === '"') j = endOfValue(s, j) - 1;
      else if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new SyntaxError("unterminated container");
  }
  let j = i;
  while (j < s.length && !/[\s,}\]]/.test(s[j]!)) j++;
  return j;
}
