import { eq } from "drizzle-orm";
import type { DbOrTx } from "./client.js";
import { appMeta } from "./schema/index.js";

export async function getMeta<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const row = await db.query.appMeta.findFirst({ where: eq(appMeta.key, key) });
  return row?.value as T | undefined;
}

export async function setMeta(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** A seed step runs once per database, recorded in app_meta, so restarts never duplicate demo data. */
export async function runOnce(db: DbOrTx, step: string, fn: () => Promise<void>) {
  const key = `seed:${step}`;
  if (await getMeta(db, key)) return;
  await fn();
  await setMeta(db, key, { at: new Date().toISOString() });
}
