import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { StorageAdapter } from "../../../adapters/storage/storage.js";
import { toUserDto } from "../../../core/identity/users.js";
import type { DbOrTx } from "../../../db/client.js";
import {
  account,
  brandKits,
  creditLedger,
  generations,
  itemOrders,
  packageOrders,
  storedObjects,
  supportTickets,
  user,
} from "../../../db/schema/index.js";

/** A storage key written inside a row (a URL or a bare key), as adapters/storage/storage.ts names them. */
const STORED_KEY = /[a-z0-9-]+\/[a-z0-9-]+\.(?:jpg|png|gif|webp)/g;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const README = `Your Mailsmith data
===================

profile.json         your profile and how you sign in (never your password)
orders.json          your package and item orders
credit-ledger.json   every change of your credit balance
support-tickets.json your support tickets and their replies
photo/               your profile photo, if you uploaded one
templates/<id>/      one folder per template: template.json (details), email.html, email.txt,
                     email.mjml when there is one, and pictures/ (the pictures it uses)
brand-kits/<id>/     one folder per brand kit: kit.json (name, logo address, palette, font, footer,
                     tone words) and logo/ (the logo you uploaded, if any)
`;

/** Every stored key a value mentions, once each. */
function storedKeys(value: unknown): string[] {
  return [...new Set(JSON.stringify(value ?? null).match(STORED_KEY) ?? [])];
}

/** Reads a stored picture into the zip (uncompressed: pictures are compressed already); missing ones are skipped. */
async function addPictures(storage: StorageAdapter, files: Zippable, folder: string, keys: string[]) {
  if (!storage.read) return;
  for (const key of keys) {
    const file = await storage.read(key);
    if (file) files[`${folder}/${key.replace("/", "-")}`] = [new Uint8Array(file.body), { level: 0 }];
  }
}

/**
 * The member's data as a zip (decision 105): JSON for the records, the files as they are stored. Templates the member
 * deleted (still undoable) are left out.
 */
export async function buildExportZip(
  deps: { db: DbOrTx; storage: StorageAdapter },
  userId: string,
  now: Date,
): Promise<Uint8Array | null> {
  const { db, storage } = deps;
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) return null;
  const signIn = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId));
  const [pkg, items, ledger, tickets, templates, kits] = await Promise.all([
    db.select().from(packageOrders).where(eq(packageOrders.userId, userId)).orderBy(asc(packageOrders.createdAt)),
    db.select().from(itemOrders).where(eq(itemOrders.userId, userId)).orderBy(asc(itemOrders.createdAt)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.createdAt)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(asc(supportTickets.createdAt)),
    db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), isNull(generations.deletedAt)))
      .orderBy(asc(generations.createdAt)),
    db.select().from(brandKits).where(eq(brandKits.userId, userId)).orderBy(asc(brandKits.createdAt)),
  ]);
  const files: Zippable = {
    "README.txt": strToU8(README),
    "profile.json": json({
      exportedAt: now.toISOString(),
      profile: { ...toUserDto(row), signupIp: row.signupIp ?? null, updatedAt: row.updatedAt.toISOString() },
      signInMethods: signIn.map((a) => a.providerId),
    }),
    "orders.json": json({ packageOrders: pkg, itemOrders: items }),
    "credit-ledger.json": json(ledger),
    "support-tickets.json": json(tickets),
  };
  if (row.image) await addPictures(storage, files, "photo", storedKeys(row.image));
  for (const t of templates) {
    const folder = `templates/${t.id}`;
    const { html, text, mjml, ...details } = t;
    files[`${folder}/template.json`] = json(details);
    if (html) files[`${folder}/email.html`] = strToU8(html);
    if (text) files[`${folder}/email.txt`] = strToU8(text);
    if (mjml) files[`${folder}/email.mjml`] = strToU8(mjml);
    await addPictures(storage, files, `${folder}/pictures`, storedKeys([t.images, t.thumbnailUrl, html]));
  }
  // Brand kits (decision 118): every field, and the logo file when it is one this member stored (a kit may name any
  // https address; another member's object is never copied in).
  const logoKeys = kits.flatMap((k) => storedKeys(k.logoUrl));
  const own = logoKeys.length
    ? await db
        .select({ key: storedObjects.key })
        .from(storedObjects)
        .where(and(inArray(storedObjects.key, logoKeys), eq(storedObjects.ownerId, userId)))
    : [];
  const ownKeys = new Set(own.map((o) => o.key));
  for (const k of kits) {
    const { userId: _owner, ...kit } = k;
    files[`brand-kits/${k.id}/kit.json`] = json(kit);
    const keys = storedKeys(k.logoUrl).filter((key) => ownKeys.has(key));
    await addPictures(storage, files, `brand-kits/${k.id}/logo`, keys);
  }
  return zipSync(files, { level: 6 });
}
