/** The encodings the server compresses its own pages with, best first. */
export type PageEncoding = "br" | "gzip";

/**
 * The encoding a page is sent in for this Accept-Encoding: brotli, else gzip, else none. One rule for the route that
 * compresses (the landing page) and for the replay that answers in its place (decision 091), so both choose alike.
 */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}
