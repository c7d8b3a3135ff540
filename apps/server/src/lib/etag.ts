/**
 * Whether a request's If-None-Match names this ETag: a list of tags, weak (`W/`) or strong, as browsers and proxies
 * send it. Used by every cached public answer to reply 304.
 */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) ?? false;
}
