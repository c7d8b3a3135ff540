import type { TBrandFont, TBrandPalette } from "@mailsmith/shared";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/**
 * A member's brand kits (decision 113): one or more per member (an agency keeps one per client).
 * `version` grows on every update; a generation keeps the snapshot it ran with (generation_jobs.brand_kit).
 */
export const brandKits = pgTable(
  "brand_kits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    palette: jsonb("palette").$type<TBrandPalette>().notNull(),
    font: jsonb("font").$type<TBrandFont>().notNull(),
    footer: jsonb("footer")
      .$type<{ address: string; social: { label: string; url: string }[] }>()
      .notNull()
      .default({ address: "", social: [] }),
    tone: jsonb("tone").$type<string[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("brand_kits_user_idx").on(t.userId, t.createdAt)],
);
