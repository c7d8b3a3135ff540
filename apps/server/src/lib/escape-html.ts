const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** For the few server-built HTML strings (mail bodies) that interpolate user text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
