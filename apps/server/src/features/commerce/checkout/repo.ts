import { randomInt } from "node:crypto";
import { ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from "@mailsmith/shared";
import type { DbOrTx } from "../../../db/client.js";
import { itemOrders, packageOrders } from "../../../db/schema/index.js";

/** 8 characters of A-Z and 0-9 from a CSPRNG (spec §3). */
export function newOrderCode(): string {
  let out = "";
  for (let i = 0; i < ORDER_ID_LENGTH; i++) out += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return out;
}

export async function insertPackageOrder(db: DbOrTx, values: typeof packageOrders.$inferInsert) {
  const [row] = await db.insert(packageOrders).values(values).returning();
  return row!;
}

export async function insertItemOrder(db: DbOrTx, values: typeof itemOrders.$inferInsert) {
  const [row] = await db.insert(itemOrders).values(values).returning();
  return row!;
}
