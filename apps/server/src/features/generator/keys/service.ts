import { GEMINI_KEY_MESSAGES, type TCreateGeminiKey, type TUpdateGeminiKey } from "@mailsmith/shared";
import type { DbOrTx } from "../../../db/client.js";
import { badRequest, notFound } from "../../../lib/app-error.js";
import { type KeyRow, keysRepo } from "./repo.js";

/** Admin management of the Gemini key pool (admin spec §2, §5, §7). */
export const keysService = {
  list: (db: DbOrTx) => keysRepo.list(db),

  async create(db: DbOrTx, input: TCreateGeminiKey): Promise<KeyRow> {
    const name = input.name.trim();
    const key = input.key.trim();
    if (!name || !key) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    return keysRepo.insert(db, { name, key, isActive: input.isActive ?? true });
  },

  async update(db: DbOrTx, id: string, input: TUpdateGeminiKey): Promise<KeyRow> {
    const name = input.name.trim();
    if (!name) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const key = input.key?.trim();
    const row = await keysRepo.update(db, id, {
      name,
      ...(key ? { key } : {}),
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    });
    if (!row) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    return row;
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    if (!(await keysRepo.remove(db, id))) throw notFound(GEMINI_KEY_MESSAGES.notFound);
  },

  async toggle(db: DbOrTx, id: string): Promise<KeyRow> {
    const existing = await keysRepo.find(db, id);
    if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    return (await keysRepo.update(db, id, { isActive: !existing.isActive }))!;
  },
};
