import { GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { generationsRepo } from "../repo.js";

/**
 * Generation itself runs as a job (decision 055): service.ts creates and charges,
 * worker.ts claims and runs pipeline.ts, stream.ts streams. What stays here is for rows of the older
 * request-bound generations (decision 020).
 */

/**
 * Start-up sweep for those older rows: a `generations` row left pending by a stopped server (before jobs) is
 * refunded once (ledger key refund:<id>) and marked failed.
 */
export async function refundStalePending(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - ctx.env.GEMINI_TIMEOUT_MS - 60_000);
  const rows = await generationsRepo.stalePending(ctx.db, before);
  let refunded = 0;
  for (const row of rows) {
    try {
      await ctx.db.transaction(async (tx) => {
        await ctx.credits.apply(
          {
            userId: row.userId,
            delta: row.credit,
            reason: "refund",
            sourceKey: `refund:${row.id}`,
            meta: { generationId: row.id, code: "INTERRUPTED" },
          },
          tx,
        );
        await generationsRepo.update(tx, row.id, {
          status: "failed",
          refunded: true,
          errorCode: "INTERRUPTED",
          errorMessage: GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout),
        });
      });
      refunded += 1;
    } catch (err) {
      ctx.log.error({ err, generationId: row.id }, "refund of a stale generation failed");
    }
  }
  return refunded;
}
