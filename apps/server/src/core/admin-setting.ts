import type { z } from "zod";
import type { Db, DbOrTx } from "../db/client.js";
import { getMeta, setMeta } from "../db/seed.js";
import { type AdminActor, recordAdminChange } from "./audit.js";

/**
 * One administrator's setting kept in app_meta for every instance (decisions 106, 122, 136): read through its zod
 * schema (a stored value that no longer parses reads as the default), saved with its audit entry in one transaction.
 */
export interface AdminSetting<T> {
  read(db: DbOrTx): Promise<T>;
  save(db: Db, actor: AdminActor, next: T): Promise<T>;
}

export function adminSetting<T extends Record<string, unknown>>(spec: {
  /** The app_meta key, also the audit entry's target id. */
  key: string;
  schema: z.ZodType<T>;
  defaults: T;
  /** The audit action, e.g. `local_reader.update` (the audit log words it). */
  action: string;
}): AdminSetting<T> {
  const read = async (db: DbOrTx): Promise<T> => {
    const parsed = spec.schema.safeParse(await getMeta(db, spec.key));
    return parsed.success ? parsed.data : spec.defaults;
  };
  return {
    read,
    save: (db, actor, next) =>
      db.transaction(async (tx) => {
        const before = await read(tx);
        await setMeta(tx, spec.key, next);
        await recordAdminChange(tx, actor, {
          action: spec.action,
          targetType: "setting",
          targetId: spec.key,
          before,
          after: next,
        });
        return next;
      }),
  };
}
