/**
 * Media-link checks of the public site and the banner editor (spec: site §2 hero, admin §5 banner).
 * Pure functions, shared by the server and the web.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The 11-character video id of a recognised video-site link (watch?v=, /embed/, /shorts/, /live/, youtu.be/),
 * or null. The hero shows an embedded video only when this returns an id.
 */
export function extractYouTubeId(value: string | null | undefined): string | null {
  if (!value) return null;
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === "youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "watch") candidate = url.searchParams.get("v");
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live" || parts[0] === "v") {
      candidate = parts[1];
    }
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** Banner editor check: a {host} watch or embed link or a youtu.be link. Empty is allowed. */
export function isValidYouTubeUrl(value: string | null | undefined): boolean {
  if (!value || value.trim() === "") return true;
  const url = parseUrl(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  if (host === "youtu.be") return extractYouTubeId(value) !== null;
  if (!YOUTUBE_HOSTS.has(host)) return false;
  const first = url.pathname.split("/").filter(Boolean)[0];
  return (first === "watch" || first === "embed") && extractYouTubeId(value) !== null;
}

/** Banner editor check: http(s) ending in jpg, jpeg, png, gif or webp. Empty is allowed. */
export function isValidImageUrl(value: string | null | undefined): boolean {
  if (!value || value.trim() === "") return true;
  const url = parseUrl(value);
  if (!url) return false;
  return /\.(jpe?g|png|gif|webp)$/i.test(url.pathname);
}

/** The privacy-friendly embed address for a video id. */
export function youTubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}
