import { keyFromUrl } from "../../../adapters/storage/storage.js";
import type { AppContext } from "../../../context.js";
import { setHidden } from "../../../core/storage/stored-objects.js";
import type { DbOrTx } from "../../../db/client.js";
import type { GenerationRow } from "../repo.js";
import { historyRepo } from "./repo.js";

/** The stored pictures of a template: its thumbnail and rendered previews (addresses). */
export function picturesOf(row: Pick<GenerationRow, "thumbnailUrl" | "report">): string[] {
  const previews = (row.report as { previews?: Record<string, unknown> } | null)?.previews ?? {};
  return [row.thumbnailUrl, ...Object.values(previews)].filter((u): u is string => typeof u === "string" && !!u);
}

const keysOf = (urls: string[]) => [...new Set(urls.map(keyFromUrl))].filter((k): k is string => !!k);

/**
 * The storage keys of a template's thumbnail and previews that no other template of the member shows (a copy shares
 * its original's pictures); `live`: counting only the member's templates that are not deleted.
 */
async function ownPictureKeys(db: DbOrTx, row: GenerationRow, live: boolean): Promise<string[]> {
  const mine = picturesOf(row);
  if (mine.length === 0) return [];
  const others = new Set((await historyRepo.picturesOfOthers(db, row.userId, row.id, live)).flatMap(picturesOf));
  return keysOf(mine.filter((u) => !others.has(u)));
}

/**
 * A template deleted with undo: its thumbnail and previews that no live template still shows stop
 * being served at once, and are served again after the undo (`hidden: false`).
 */
export async function hidePictures(ctx: AppContext, row: GenerationRow, hidden: boolean, now: Date): Promise<void> {
  const keys = hidden ? await ownPictureKeys(ctx.db, row, true) : keysOf(picturesOf(row));
  await setHidden(ctx.db, keys, hidden, now);
}

/**
 * A purged template's thumbnail and previews are deleted, unless another template of the member (a copy, maybe
 * deleted but still undoable) shows them. Crops cut from the design stay: an email already sent shows them (they are
 * held). A file that cannot be deleted now is logged; the storage sweep removes it later.
 */
export async function forgetPictures(ctx: AppContext, row: GenerationRow): Promise<void> {
  const keys = await ownPictureKeys(ctx.db, row, false);
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === "rejected") ctx.log.warn({ err: r.reason, key: keys[i] }, "a deleted template's picture is kept");
  });
}
