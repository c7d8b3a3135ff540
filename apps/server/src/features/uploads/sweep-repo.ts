import { sql } from "drizzle-orm";
import type { MemberDataDeclaration } from "../../core/member-data.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { appMeta, storedObjects, user } from "../../db/schema/index.js";

/**
 * The storage sweep's queries (decision 104). References are computed from the rows themselves, never kept on the
 * side: any storage key (`folder/name.ext`) written in a declared file column of a row that keeps its objects counts,
 * so a preview two versions share is referenced twice and goes only when neither row shows it. Which tables and
 * columns: the registry of member data (`ctx.memberData`, decision 125), handed to every query as `data`.
 */

/** A storage key as written inside a URL (adapters/storage/storage.ts STORAGE_KEY_RE, unanchored). */
const KEY_RE = "[a-z0-9-]+/[a-z0-9-]+\\.(?:jpg|png|gif|webp)";

/**
 * Every (key, owner) a row references now: the rows that keep stored objects alive, read from the registry of member
 * data — each declared table's file columns (or whole row), in the rows it keeps files for. The owner is
 * the member the row names when the files are theirs; null for site files and copies of them (an order's picture).
 */
function references(data: readonly MemberDataDeclaration[], now: Date) {
  const parts = data.flatMap(({ table, userColumn, files }) => {
    if (!files) return [];
    const text =
      files.columns === "row"
        ? sql`${table}::text`
        : sql.join(
            files.columns.map((c) => sql`coalesce(${c}::text, '')`),
            sql` || ' ' || `,
          );
    const owner = files.membersOwn && userColumn ? sql`${userColumn}::text` : sql`null::text`;
    const where = files.keptWhile ? sql` where ${files.keptWhile(now)}` : sql``;
    return [
      sql`select m[1] as key, ${owner} as owner from ${table}, regexp_matches(${text}, ${KEY_RE}, 'g') m${where}`,
    ];
  });
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** Held (crops a sent email may show) while the hold lasts and its member's account exists. */
const held = (now: Date) =>
  sql`(s.keep_until is not null and s.keep_until > ${now.toISOString()}::timestamptz and s.owner_id is not null)`;

/** The folders our own keys live in: a referenced key there with no row is a file stored before the table existed. */
const OUR_FOLDERS = ["profile", "designs", "generated", "thumbs", "previews"];

export const sweepRepo = {
  /**
   * One instance per interval: the first to move the last-run mark on (older than `minGapMs`) runs the scheduled
   * sweep; the others skip it. Answers whether this instance won.
   */
  async claimScheduledRun(db: DbOrTx, now: Date, minGapMs: number): Promise<boolean> {
    const before = new Date(now.getTime() - minGapMs).toISOString();
    const rows = await db.execute(sql`
      insert into ${appMeta} (key, value, updated_at) values ('storage-sweep', '{}'::jsonb, ${now.toISOString()}::timestamptz)
      on conflict (key) do update set updated_at = excluded.updated_at
        where ${appMeta}.updated_at <= ${before}::timestamptz
      returning key`);
    return rowsOf(rows).length > 0;
  },

  /** Objects recorded with no owner get the member whose row references them (older objects, site copies). */
  async adoptOwners(db: DbOrTx, data: readonly MemberDataDeclaration[], now: Date): Promise<number> {
    const rows = await db.execute(sql`
      update ${storedObjects} s set owner_id = r.owner
      from (select distinct on (key) key, owner from ${references(data, now)} x where owner is not null) r
      where s.key = r.key and s.owner_id is null and exists (select 1 from ${user} u where u.id = r.owner)
      returning s.key`);
    return rowsOf(rows).length;
  },

  /**
   * Files stored before stored_objects existed get their row when a row references them (size unknown: 0 bytes),
   * so they are swept like the others once nothing references them.
   */
  async recordUntracked(db: DbOrTx, data: readonly MemberDataDeclaration[], now: Date): Promise<number> {
    const rows = await db.execute(sql`
      insert into ${storedObjects} (key, owner_id, kind, bytes)
      select distinct on (r.key) r.key, case when exists (select 1 from ${user} u where u.id = r.owner) then r.owner end,
        split_part(r.key, '/', 1), 0
      from ${references(data, now)} r
      where split_part(r.key, '/', 1) in (${sql.join(
        OUR_FOLDERS.map((f) => sql`${f}`),
        sql`, `,
      )})
        and not exists (select 1 from ${storedObjects} s where s.key = r.key)
      on conflict (key) do nothing
      returning key`);
    return rowsOf(rows).length;
  },

  /** Objects referenced again (a template undone, a photo set back) are no longer counted as unreferenced. */
  async unmarkReferenced(db: DbOrTx, data: readonly MemberDataDeclaration[], now: Date): Promise<number> {
    const rows = await db.execute(sql`
      update ${storedObjects} s set unreferenced_since = null
      where s.unreferenced_since is not null
        and (${held(now)} or s.key in (select key from ${references(data, now)} x))
      returning s.key`);
    return rowsOf(rows).length;
  },

  /** Objects no row references (and not held) are marked with the time they were first found so. */
  async markUnreferenced(db: DbOrTx, data: readonly MemberDataDeclaration[], now: Date): Promise<number> {
    const rows = await db.execute(sql`
      update ${storedObjects} s set unreferenced_since = ${now.toISOString()}::timestamptz
      where s.unreferenced_since is null and not ${held(now)}
        and s.key not in (select key from ${references(data, now)} x)
      returning s.key`);
    return rowsOf(rows).length;
  },

  /**
   * The objects due for deletion (at most `limit`): unreferenced since before `cutoff`, still unreferenced now (the
   * references are read again, once per run) and not held.
   */
  async due(
    db: DbOrTx,
    data: readonly MemberDataDeclaration[],
    now: Date,
    cutoff: Date,
    limit: number,
  ): Promise<string[]> {
    const rows = await db.execute(sql`
      select s.key from ${storedObjects} s
      where s.unreferenced_since <= ${cutoff.toISOString()}::timestamptz and not ${held(now)}
        and s.key not in (select key from ${references(data, now)} x)
      order by s.unreferenced_since, s.key
      limit ${limit}`);
    return rowsOf<{ key: string }>(rows).map((r) => r.key);
  },

  /**
   * Claims and forgets these due objects (still unreferenced since before `cutoff`, not held): rows another instance
   * is claiming are skipped (FOR UPDATE SKIP LOCKED) and a row already gone is not returned, so each object is
   * deleted by one instance, once.
   */
  async take(db: DbOrTx, keys: string[], now: Date, cutoff: Date): Promise<{ key: string; bytes: number }[]> {
    if (keys.length === 0) return [];
    const rows = await db.execute(sql`
      delete from ${storedObjects} where key in (
        select s.key from ${storedObjects} s
        where s.key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})
          and s.unreferenced_since <= ${cutoff.toISOString()}::timestamptz and not ${held(now)}
        for update of s skip locked)
      returning key, bytes`);
    return rowsOf<{ key: string; bytes: string | number }>(rows).map((r) => ({ key: r.key, bytes: Number(r.bytes) }));
  },

  /** Puts back the row of an object whose file could not be deleted: the next sweep tries again. */
  async putBack(db: DbOrTx, object: { key: string; bytes: number }, since: Date): Promise<void> {
    await db
      .insert(storedObjects)
      .values({ key: object.key, kind: object.key.split("/")[0] ?? "", bytes: object.bytes, unreferencedSince: since })
      .onConflictDoNothing();
  },
};
