import { AppError } from "./app-error.js";

/** The encodings the server compresses its own pages with, best first. */
export type PageEncoding = "br" | "gzip";

/** How a negotiated answer is sent: compressed, as is ("identity"), or null: the request accepts none of them. */
export type Negotiated = PageEncoding | "identity" | null;

/** A q-value (RFC 9110 §12.4.2): 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
/** A content-coding name: an HTTP token (RFC 9110 §5.6.2). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * The members of an Accept-Encoding value (RFC 9110 §12.5.3) with their weights: `coding` or `coding;q=0.5`, names
 * and `q` in any case, optional whitespace around `;` and `,`, empty members skipped. A member with an invalid
 * weight (`q=2`, `q=0.5555`, `q=x`), another parameter or an invalid name is ignored; a coding named twice keeps its
 * lowest weight (a refusal is never undone by a later mention). `x-gzip` is gzip (RFC 9110 §8.4.1.3).
 */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const member of header.split(",")) {
    const [rawName = "", ...params] = member.split(";");
    let name = rawName.trim().toLowerCase();
    if (name === "") continue;
    if (!TOKEN.test(name)) continue;
    let q = 1;
    if (params.length > 1) continue;
    if (params.length === 1) {
      const m = /^q=(.*)$/i.exec(params[0]!.trim());
      if (!m || !QVALUE.test(m[1]!)) continue;
      q = Number(m[1]);
    }
    if (name === "x-gzip") name = "gzip";
    weights.set(name, Math.min(q, weights.get(name) ?? 1));
  }
  return weights;
}

/**
 * Below any weight a request can give: the identity form when the request neither names it nor uses `*` is acceptable
 * (RFC 9110 §12.5.3) but comes after every coding the request names.
 */
const IDENTITY_BY_DEFAULT = 0.0001;

/**
 * How a page is sent for this Accept-Encoding: among brotli, gzip and the identity form, the
 * acceptable one with the highest weight, brotli before gzip before identity on equal weights. `*` stands for every
 * coding the request does not name, identity included; identity is acceptable unless refused (`identity;q=0`, or
 * `*;q=0` without identity named). No header or an empty one: identity. Null: nothing acceptable, answered 406.
 */
function negotiate(header: string | undefined): Negotiated {
  if (header === undefined) return "identity";
  const weights = parseAcceptEncoding(header);
  const star = weights.get("*");
  const weight = (coding: string) => weights.get(coding) ?? star ?? (coding === "identity" ? IDENTITY_BY_DEFAULT : 0);
  let best: Negotiated = null;
  let bestWeight = 0;
  for (const coding of ["br", "gzip", "identity"] as const) {
    const w = weight(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  return best;
}

/** Answers by header value: browsers send a handful of distinct values, so the replay's hot path parses none. */
const decided = new Map<string, Negotiated>();
const DECIDED_MAX = 256;

/**
 * How a negotiated answer (the landing page, the replay of it, the web build's precompressed files) is sent for
 * this Accept-Encoding; null: 406. One rule for the route and for the replay that answers in its place,
 * so both choose alike.
 */
export function negotiateEncoding(header: string | undefined): Negotiated {
  if (header === undefined) return "identity";
  const known = decided.get(header);
  if (known !== undefined) return known;
  const answer = negotiate(header);
  // Bounded: a client inventing a new value per request only costs its own parse.
  if (decided.size >= DECIDED_MAX) decided.clear();
  decided.set(header, answer);
  return answer;
}

/**
 * The ETag of one encoding of a representation: each encoding is its own bytes, so its own tag (RFC 9110 §8.8.3),
 * and a cache holding the gzip bytes never revalidates them against the brotli ones.
 */
export function encodedEtag(etag: string, encoding: Exclude<Negotiated, null>): string {
  if (encoding === "identity") return etag;
  const suffix = encoding === "br" ? "-br" : "-gz";
  return etag.endsWith('"') ? `${etag.slice(0, -1)}${suffix}"` : `${etag}${suffix}`;
}

/** The 406 of a negotiated answer whose request refuses brotli, gzip and the identity form alike. */
export const notAcceptable = () =>
  new AppError(
    "NOT_ACCEPTABLE",
    "This page is sent as brotli, gzip or uncompressed, and the request's Accept-Encoding refuses all three.",
    406,
  );
