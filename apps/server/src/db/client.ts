import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { makePrivateDir } from "../lib/private-dir.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** Both drivers give a PgDatabase; features only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection string (the invalidation bus opens its own LISTEN connection with it). */
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock (PostgreSQL: a session advisory lock), so instances starting together
   * migrate and seed one after the other. PGlite has one process per data folder: it just runs `fn`.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data folder as a tarball, to start other in-memory databases from (tests). */
  dump?: () => Promise<Blob | File>;
  /**
   * PGlite only: the data folder as a tarball taken between transactions after a CHECKPOINT, so it holds every
   * committed transaction and no half of one (backups).
   */
  snapshot?: () => Promise<Blob | File>;
}

/** Migrations: apps/server/drizzle when running from source, a copy beside the bundle when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, "drizzle"), path.resolve(here, "../../drizzle")]) {
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  throw new Error("Cannot find the drizzle migrations folder");
}

export interface PgliteOptions {
  /** Start an in-memory database from a dump (`dumpPglite`) instead of running initdb: ~0.4 s instead of ~4 s. */
  loadDataDir?: Blob | File;
}

export async function openPglite(dataDir: string | undefined, opts: PgliteOptions = {}): Promise<Database> {
  // undefined → in-memory (tests); a folder → persisted database.
  if (dataDir) makePrivateDir(dataDir);
  return pgliteDatabase(await PGlite.create(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}));
}

/** A `Database` over an open PGlite client (tests hand one client to several servers in turn). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query("select 1");
    },
    exclusive: (fn) => fn(),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    // dumpDataDir holds only the query lock: a transaction could be open between two of its statements. The
    // transaction lock waits for it to end and keeps the next one out until the tarball is made.
    // (client.query itself takes the transaction lock, so the CHECKPOINT goes first: it only shortens the recovery
    // a restored copy replays from the write-ahead log.)
    async snapshot() {
      await client.query("CHECKPOINT");
      return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
    },
  };
}

export async function openPostgres(
  url: string,
  onIdleError?: (err: Error) => void,
  opts: { poolSize?: number } = {},
): Promise<Database> {
  // A bounded connect wait: an unreachable database answers 503 (errors plugin) instead of hanging requests.
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle connection can die (server restart, admin terminate). Without a listener the pool's
  // "error" event would crash the process; the pool replaces the connection on next use.
  pool.on("error", (err) => onIdleError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query("select 1");
  return {
    db,
    kind: "postgres",
    url,
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await pool.query("select 1");
    },
    async exclusive(fn) {
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext('mailsmith:startup'))");
        return await fn();
      } finally {
        await lock.query("select pg_advisory_unlock(hashtext('mailsmith:startup'))").catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** `db.execute` answers an array (postgres-js) or `{ rows }` (PGlite, node-postgres). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** Migrations recorded as applied (0 on a database never migrated: drizzle's table does not exist yet). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  try {
    return (
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ??
      0
    );
  } catch {
    return 0;
  }
}
