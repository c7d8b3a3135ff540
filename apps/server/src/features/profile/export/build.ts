import { asc, eq, type SQL, and as sqlAnd } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { StorageAdapter } from "../../../adapters/storage/storage.js";
import type { ExportWriter, MemberDataRegistry } from "../../../core/member-data.js";
import { servableKeysOf, storedKeysIn } from "../../../core/storage/ownership.js";
import type { DbOrTx } from "../../../db/client.js";
import { user } from "../../../db/schema/index.js";

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const README_HEAD = "Your Mailsmith data\n===================\n\n";

/**
 * The member's data as a zip (decision 105), written by the registry of member data (decision 125): each declaration
 * writes its rows — JSON for the records, the files as they are stored. A file goes in only when it is the member's
 * own and not hidden (a deleted template's pictures, an address that names another member's file: left out).
 */
export async function buildExportZip(
  deps: { db: DbOrTx; storage: StorageAdapter; memberData: Pick<MemberDataRegistry, "members"> },
  userId: string,
  now: Date,
): Promise<Uint8Array | null> {
  const { db, storage } = deps;
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!member) return null;
  const files: Zippable = {};
  /** JSON files several declarations add to (profile.json, orders.json), written at the end. */
  const objects = new Map<string, Record<string, unknown>>([["profile.json", { exportedAt: now.toISOString() }]]);
  const wanted: { folder: string; keys: string[] }[] = [];
  const readme: string[] = [];
  const out: ExportWriter = {
    json(path, value, key) {
      if (key === undefined) files[path] = json(value);
      else objects.set(path, { ...objects.get(path), [key]: value });
    },
    text(path, body) {
      files[path] = strToU8(body);
    },
    files(folder, value) {
      wanted.push({ folder, keys: storedKeysIn(value) });
    },
  };
  for (const d of deps.memberData.members()) {
    if ("omitted" in d.export) continue;
    const { readme: line, where, orderBy, write } = d.export;
    const mine: SQL | undefined = where ? sqlAnd(eq(d.userColumn, userId), where) : eq(d.userColumn, userId);
    const query = db.select().from(d.table).where(mine);
    const rows = (await (orderBy ? query.orderBy(asc(orderBy)) : query)) as Record<string, unknown>[];
    write(rows, out);
    if (line) readme.push(line);
  }
  for (const [path, value] of objects) files[path] = json(value);
  files["README.txt"] = strToU8(`${README_HEAD}${readme.join("\n")}\n`);
  // Every file is checked against stored_objects once: the member's own, not hidden.
  const servable = await servableKeysOf(
    db,
    userId,
    wanted.flatMap((w) => w.keys),
  );
  if (storage.read) {
    for (const { folder, keys } of wanted) {
      for (const key of keys) {
        if (!servable.has(key)) continue;
        const file = await storage.read(key);
        // Pictures are compressed already: stored, not deflated again.
        if (file) files[`${folder}/${key.replace("/", "-")}`] = [new Uint8Array(file.body), { level: 0 }];
      }
    }
  }
  return zipSync(files, { level: 6 });
}
