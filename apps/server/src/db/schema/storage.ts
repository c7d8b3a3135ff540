import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/**
 * Every object put in storage (decision 104): written by `core/storage/tracked-storage.ts` when the object is put,
 * removed by the storage sweep when no row has referenced it for the grace period. `owner_id` is the member it
 * belongs to (null for site content and for objects of a deleted account).
 */
export const storedObjects = pgTable(
  "stored_objects",
  {
    /** The storage key, e.g. `profile/<uuid>.webp`. */
    key: text("key").primaryKey(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** The key's folder: profile, designs, generated (crops, swapped pictures), thumbs, previews. */
    kind: text("kind").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** While set, the server does not serve it: a picture of a template deleted with undo. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Kept at least until then with no row referencing it: crops of a deleted template (a sent email shows them). */
    keepUntil: timestamp("keep_until", { withTimezone: true }),
    /** The first sweep that found no row referencing it; cleared when a row does again. */
    unreferencedSince: timestamp("unreferenced_since", { withTimezone: true }),
  },
  (t) => [
    index("stored_objects_owner_idx").on(t.ownerId),
    index("stored_objects_unreferenced_idx").on(t.unreferencedSince),
  ],
);
