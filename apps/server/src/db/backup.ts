import { createHash } from "node:crypto";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { unzipSync, Zip, ZipPassThrough } from "fflate";
import { makePrivateDir } from "../lib/private-dir.js";
import { appliedMigrationCount, type Database, migrationsFolder } from "./client.js";

/**
 * Backups of an embedded instance (decision 112): the PGlite data folder, taken by the running server between
 * transactions, then the stored files and the auth secret, in one zip with a manifest of sizes and hashes.
 * PostgreSQL and S3 have their own tools (docs/operations.md, "Backup and restore").
 */

export const BACKUP_FORMAT = "mailsmith-backup";
const DB_ENTRY = "pgdata.tar";
/** Files of DATA_DIR kept besides the database and uploads/ (the generated auth secret seals sessions and keys). */
const DATA_FILES = ["auth-secret"];

export interface BackupEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** Migrations applied in the database / the last one's tag (a restore into older code would not know them). */
  migrations: { count: number; last: string | null };
  database: BackupEntry;
  /** uploads/<key> and the DATA_DIR files, copied after the database (files are written before their rows commit). */
  files: BackupEntry[];
}

/** The loopback control socket of a running embedded server: only the owner of DATA_DIR can open it. */
export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, ".mailsmith-ops.sock");
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function listFiles(root: string, prefix = ""): Promise<string[]> {
  let names: import("node:fs").Dirent[];
  try {
    names = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const out: string[] = [];
  for (const d of names) {
    const rel = prefix ? `${prefix}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...(await listFiles(root, rel)));
    else if (d.isFile()) out.push(rel);
  }
  return out.sort();
}

function appliedMigrations(database: Database): Promise<number> {
  return appliedMigrationCount(database.db);
}

function lastMigrationTag(): string | null {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? null;
}

/** Writes a backup of a running embedded instance to `out` (a .partial file renamed when complete). */
export async function writeBackup(opts: { database: Database; dataDir: string; out: string }): Promise<BackupManifest> {
  const { database, dataDir } = opts;
  if (!database.snapshot) throw new Error("Only the embedded database is backed up this way (PostgreSQL: pg_dump).");
  const createdAt = new Date().toISOString();
  // The database first: every file a dumped row names was written before that row committed (uploads are written
  // with their stored_objects row inserted first, then the bytes, then the row naming the file), and stored files
  // are never rewritten (unique keys, flag wx), so copying them afterwards gets each one whole.
  const dbBytes = new Uint8Array(await (await database.snapshot()).arrayBuffer());
  const migrations = { count: await appliedMigrations(database), last: lastMigrationTag() };

  const partial = `${opts.out}.partial`;
  await mkdir(path.dirname(path.resolve(partial)), { recursive: true });
  // Only the server's user reads a backup (it holds every member's data and password hashes): 0600 from the start.
  await rm(partial, { force: true });
  const sink = createWriteStream(partial, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    sink.on("finish", resolve);
    sink.on("error", reject);
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) sink.destroy(err);
    else {
      sink.write(chunk);
      if (final) sink.end();
    }
  });
  const add = (name: string, data: Uint8Array): BackupEntry => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data, true);
    return { path: name, bytes: data.byteLength, sha256: sha256(data) };
  };
  const databaseEntry = add(DB_ENTRY, dbBytes);
  const files: BackupEntry[] = [];
  const candidates = [
    ...DATA_FILES.filter((f) => existsSync(path.join(dataDir, f))),
    ...(await listFiles(path.join(dataDir, "uploads"))).map((k) => `uploads/${k}`),
  ];
  for (const rel of candidates) {
    try {
      files.push(add(rel, await readFile(path.join(dataDir, rel))));
    } catch (err) {
      // Deleted by the storage sweep since it was listed: no row of the dump can name it (the sweep's grace period).
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt,
    migrations,
    database: databaseEntry,
    files,
  };
  add("manifest.json", new TextEncoder().encode(JSON.stringify(manifest, null, 2)));
  zip.end();
  await done;
  await rename(partial, opts.out);
  return manifest;
}

/**
 * Unpacks a backup into an empty (or absent) data folder after checking every hash, then opens the database once
 * (PostgreSQL replays its write-ahead log) and checks the migrations count.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new folder (then point DATA_DIR at it).`);
  }
  const entries = unzipSync(new Uint8Array(readFileSync(file)));
  const rawManifest = entries["manifest.json"];
  if (!rawManifest) throw new Error(`${file} is not a Mailsmith backup (no manifest.json).`);
  const manifest = JSON.parse(new TextDecoder().decode(rawManifest)) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new Error(`${file}: unknown backup format.`);
  for (const e of [manifest.database, ...manifest.files]) {
    const data = entries[e.path];
    if (!data || data.byteLength !== e.bytes || sha256(data) !== e.sha256) {
      throw new Error(`${file} is damaged: ${e.path} does not match its hash. Nothing was restored.`);
    }
    if (e.path.split("/").includes("..") || path.isAbsolute(e.path)) throw new Error(`${file}: bad path ${e.path}`);
  }
  makePrivateDir(dataDir);
  try {
    for (const e of manifest.files) {
      const target = path.join(dataDir, e.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, entries[e.path] as Uint8Array, { mode: e.path === "auth-secret" ? 0o600 : 0o644 });
    }
    const dump = entries[manifest.database.path] as Uint8Array;
    const client = await PGlite.create(path.join(dataDir, "pgdata"), {
      loadDataDir: new Blob([new Uint8Array(dump)], { type: "application/x-tar" }),
    });
    try {
      const res = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      const count = res.rows[0]?.n ?? 0;
      if (count !== manifest.migrations.count) {
        throw new Error(`restored database has ${count} migrations, the manifest says ${manifest.migrations.count}`);
      }
    } finally {
      await client.close();
    }
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return manifest;
}

/**
 * The running server's side: answers POST /backup {"out": "<file>"} on a Unix socket in DATA_DIR (mode 0600) with
 * the manifest. One backup at a time. Returns the function that closes the socket.
 */
export async function serveBackupSocket(opts: {
  database: Database;
  dataDir: string;
  onBackup?: (m: BackupManifest, out: string, ms: number) => void;
}): Promise<() => Promise<void>> {
  const socket = opsSocketPath(opts.dataDir);
  // A socket left by a server that was killed: the data-folder lock says no other server is running.
  await rm(socket, { force: true });
  let running = false;
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { error: "POST /backup" });
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      text += c;
    });
    req.on("end", () => {
      void (async () => {
        if (running) return answer(409, { error: "A backup is already being written." });
        running = true;
        const start = Date.now();
        try {
          const { out } = JSON.parse(text) as { out?: unknown };
          if (typeof out !== "string" || !path.isAbsolute(out)) throw new Error("out must be an absolute path");
          const manifest = await writeBackup({ database: opts.database, dataDir: opts.dataDir, out });
          opts.onBackup?.(manifest, out, Date.now() - start);
          answer(200, manifest);
        } catch (err) {
          answer(500, { error: err instanceof Error ? err.message : String(err) });
        } finally {
          running = false;
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: socket, readableAll: false, writableAll: false }, resolve);
  });
  // The socket file is made with the process's umask (0777 under umask 0): set 0600 whatever it is. DATA_DIR (0700)
  // already keeps others from reaching it meanwhile.
  await chmod(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** The `npm run backup` side: asks the server running on `dataDir` for a backup written to `out`. */
export function requestBackup(dataDir: string, out: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: opsSocketPath(dataDir),
        path: "/backup",
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => {
          const body = JSON.parse(text || "{}") as BackupManifest & { error?: string };
          if (res.statusCode === 200) resolve(body);
          else reject(new Error(body.error ?? `backup failed (${res.statusCode})`));
        });
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") {
        reject(
          new Error(
            `No Mailsmith server is running on ${dataDir} (no control socket). A stopped instance is backed up by copying the folder.`,
          ),
        );
      } else reject(err);
    });
    req.end(JSON.stringify({ out: path.resolve(out) }));
  });
}
