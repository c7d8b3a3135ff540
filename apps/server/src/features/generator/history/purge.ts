import { TEMPLATE_UNDO } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { holdUntil } from "../../../core/storage/stored-objects.js";
import type { GenerationRow } from "../repo.js";
import { forgetPictures } from "./pictures.js";
import { historyRepo } from "./repo.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored pictures a sent email may show: the template's crops and swapped slot pictures. */
export const sentImageKeys = (row: Pick<GenerationRow, "images">) =>
  (row.images ?? []).map((i) => i.key).filter((k): k is string => !!k);

/**
 * Templates whose undo window is over go for good, in batches, safe with several instances (rows are
 * claimed with FOR UPDATE SKIP LOCKED): in one transaction their crops are held for STORAGE_SENT_IMAGE_DAYS (an
 * email already sent shows them) and the rows are deleted; then their thumbnails and previews are deleted. Answers
 * how many templates went. `now` is injectable so tests need no clock.
 */
export async function purgeDeletedTemplates(ctx: AppContext, now = new Date(), batch = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - TEMPLATE_UNDO.windowSeconds * 1000);
  const keepUntil = new Date(now.getTime() + ctx.env.STORAGE_SENT_IMAGE_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const rows = await ctx.db.transaction(async (tx) => {
      const due = await historyRepo.deletedBefore(tx, cutoff, batch);
      if (due.length === 0) return due;
      for (const row of due) await holdUntil(tx, sentImageKeys(row), keepUntil, row.userId);
      await historyRepo.removeMany(
        tx,
        due.map((r) => r.id),
      );
      return due;
    });
    for (const row of rows) await forgetPictures(ctx, row);
    purged += rows.length;
    if (rows.length < batch) break;
  }
  if (purged) ctx.log.info({ purged }, "deleted templates purged after their undo window");
  return purged;
}
