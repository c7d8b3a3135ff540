import { keyFromUrl } from "../../../adapters/storage/storage.js";
import type { AppContext } from "../../../context.js";
import type { GenerationRow } from "../repo.js";
import { historyRepo } from "./repo.js";

/** The stored pictures of a template: its thumbnail and rendered previews (addresses). */
export function picturesOf(row: Pick<GenerationRow, "thumbnailUrl" | "report">): string[] {
  const previews = (row.report as { previews?: Record<string, unknown> } | null)?.previews ?? {};
  return [row.thumbnailUrl, ...Object.values(previews)].filter((u): u is string => typeof u === "string" && !!u);
}

/**
 * A deleted template's thumbnail and previews stop being served at once (decision 103): the files no other template
 * of the member still shows (a copy shares them) are deleted before the deletion is answered. Crops cut from the
 * design stay: an email already sent shows them. A file that cannot be deleted now is logged; the storage sweep
 * removes it later.
 */
export async function forgetPictures(ctx: AppContext, row: GenerationRow): Promise<void> {
  const mine = picturesOf(row);
  if (mine.length === 0) return;
  const others = new Set((await historyRepo.picturesOfOthers(ctx.db, row.userId, row.id)).flatMap(picturesOf));
  const keys = [...new Set(mine.filter((u) => !others.has(u)).map(keyFromUrl))].filter((k): k is string => !!k);
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === "rejected") ctx.log.warn({ err: r.reason, key: keys[i] }, "a deleted template's picture is kept");
  });
}
