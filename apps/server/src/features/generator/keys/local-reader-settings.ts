import { LOCAL_READER_DEFAULTS, type TLocalReaderSettings, ZLocalReaderSettingsSchema } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { type AdminActor, recordAdminChange } from "../../../core/audit.js";
import type { Db, DbOrTx } from "../../../db/client.js";
import { appMeta } from "../../../db/schema/index.js";

/**
 * The admin's choices for the local reader (decision 122): what a generation it writes costs and whether it writes
 * only when no AI key works (the default) or every new generation. One row in app_meta for every instance, beside the
 * model choice (keys/models.ts); a stored value that no longer parses reads as the defaults.
 */
const META_KEY = "generator.local-reader";

export const localReaderSettings = {
  async read(db: DbOrTx): Promise<TLocalReaderSettings> {
    const row = await db.query.appMeta.findFirst({ where: eq(appMeta.key, META_KEY) });
    const parsed = ZLocalReaderSettingsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : LOCAL_READER_DEFAULTS;
  },

  /** Saves the admin's settings and their audit entry in one transaction (decision 106). */
  async save(db: Db, actor: AdminActor, next: TLocalReaderSettings): Promise<TLocalReaderSettings> {
    return db.transaction(async (tx) => {
      const before = await this.read(tx);
      await tx
        .insert(appMeta)
        .values({ key: META_KEY, value: next })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: next, updatedAt: new Date() } });
      await recordAdminChange(tx, actor, {
        action: "local_reader.update",
        targetType: "setting",
        targetId: META_KEY,
        before,
        after: next,
      });
      return next;
    });
  },
};
