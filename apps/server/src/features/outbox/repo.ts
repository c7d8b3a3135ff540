import { desc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { outbox } from "../../db/schema/index.js";

export type OutboxRow = typeof outbox.$inferSelect;

export const outboxRepo = {
  /** The newest mails first. */
  latest: (db: DbOrTx, limit: number) => db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit),
};
