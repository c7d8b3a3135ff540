import { z } from "zod";
import { requiredNumber } from "./packages.js";

export const ITEM_NAME_ADMIN_MAX = 30;

export const ITEM_MESSAGES = {
  notFound: "Item not found.",
  fetchFailed: "Failed to fetch item",
  listFailed: "Failed to fetch items",
  buy: "Buy",
  added: "Item added successfully",
  updated: "Item updated successfully",
  saveFailed: "Failed to save item",
  retired: "Item retired. Past orders keep it.",
  retireFailed: "Failed to retire item",
  retireConfirm: "Retire this item? Its page stops selling it; past orders keep it.",
  retireConfirmNamed: (name: string) => `Retire the item "${name}"? Its page stops selling it; past orders keep it.`,
  empty: "No items yet. Add your first premium template.",
  nameRequired: "Item name is required",
  priceRequired: "Price is required",
  priceInvalid: "Price must be a number greater than 0",
  slugInvalid: "Slug may use lower-case letters, digits and dashes",
  itemIdInvalid: "Item ID may use letters, digits and dashes",
  urlInvalid: "Enter a full http(s) URL or a path starting with /",
  unnamedItem: "Unnamed Item",
  unnamedPackage: "Unnamed Package",
} as const;

const urlOrPath = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v), ITEM_MESSAGES.urlInvalid);

/** Body of POST /api/items and PUT /api/items/{id} (admin). */
export const ZItemInputSchema = z.object({
  itemName: z.string({ error: ITEM_MESSAGES.nameRequired }).trim().min(1, ITEM_MESSAGES.nameRequired).max(160),
  itemId: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, ITEM_MESSAGES.itemIdInvalid)
    .optional()
    .default(""),
  slug: z
    .string()
    .trim()
    .max(120)
    .regex(/^[a-z0-9-]*$/, ITEM_MESSAGES.slugInvalid)
    .optional()
    .default(""),
  price: requiredNumber(ITEM_MESSAGES.priceRequired, ITEM_MESSAGES.priceInvalid).pipe(
    z.number().positive(ITEM_MESSAGES.priceInvalid).max(100_000, ITEM_MESSAGES.priceInvalid),
  ),
  description: z.string().trim().max(5000).optional().default(""),
  guidelines: z.string().trim().max(5000).optional().default(""),
  accessUrl: urlOrPath.optional().default(""),
  imageUrl: urlOrPath.optional().default(""),
  validity: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(3650).optional(),
  ),
});
export type TItemInput = z.input<typeof ZItemInputSchema>;

/** What anyone may read: no accessUrl or guidelines (those are what a buyer pays for). */
export const ZPublicItemSchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  slug: z.string(),
  price: z.number(),
  description: z.string(),
  imageUrl: z.string(),
  validity: z.number().int(),
  retired: z.boolean(),
});
export type TPublicItem = z.infer<typeof ZPublicItemSchema>;

export const ZItemSchema = ZPublicItemSchema.extend({
  guidelines: z.string(),
  accessUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TItem = z.infer<typeof ZItemSchema>;

/** "A very long premium template na..." (admin lists). */
export function truncateName(name: string, max = ITEM_NAME_ADMIN_MAX): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 120);
}
