import { GEMINI_KEY_MESSAGES, type TCreateGeminiKey, type TUpdateGeminiKey } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { geminiKeys } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/app-error.js";
import { type KeyRow, keysRepo } from "./repo.js";

/** Admin management of the Gemini key pool (admin spec §2, §5, §7). */
export const keysService = {
  list: (db: DbOrTx) => keysRepo.list(db),

  async create(db: DbOrTx, input: TCreateGeminiKey): Promise<KeyRow> {
    const name = input.name.trim();
    const key = input.key.trim();
    if (!name || !key) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const [row] = await db
      .insert(geminiKeys)
      .values({ name, key, isActive: input.isActive ?? true })
      .returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, input: TUpdateGeminiKey): Promise<KeyRow> {
    const name = input.name.trim();
    if (!name) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const key = input.key?.trim();
    const [row] = await db
      .update(geminiKeys)
      .set({
        name,
        ...(key ? { key } : {}),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        updatedAt: new Date(),
      })
      .where(eq(geminiKeys.id, id))
      .returning();
    if (!row) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    return row;
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    const rows = await db.delete(geminiKeys).where(eq(geminiKeys.id, id)).returning({ id: geminiKeys.id });
    if (rows.length === 0) throw notFound(GEMINI_KEY_MESSAGES.notFound);
  },

  async toggle(db: DbOrTx, id: string): Promise<KeyRow> {
    const existing = await keysRepo.find(db, id);
    if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    const [row] = await db
      .update(geminiKeys)
      .set({ isActive: !existing.isActive, updatedAt: new Date() })
      .where(eq(geminiKeys.id, id))
      .returning();
    return row!;
  },
};
