import { z } from "zod";
import { BRAND_KIT_MESSAGES } from "../messages/brand-kits.js";

/** Issue 38 item 1, decision 113: limits of a member's brand kits. */
export const BRAND_KIT_LIMITS = {
  maxKits: 50,
  maxNameLength: 80,
  maxAddressLength: 300,
  maxSocialLinks: 8,
  maxToneWords: 8,
  maxToneWordLength: 30,
  maxFontStackLength: 200,
} as const;

/** Web-font stylesheet hosts a kit may link (https only): the two public CSS font services. */
export const BRAND_FONT_HOSTS = ["fonts.googleapis.com", "fonts.bunny.net"] as const;

/** The five colours of a kit, in the order the editor shows them. */
export const BRAND_PALETTE_ROLES = ["primary", "accent", "text", "background", "link"] as const;
export type BrandPaletteRole = (typeof BRAND_PALETTE_ROLES)[number];

const ZHex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BRAND_KIT_MESSAGES.badColour)
  .toLowerCase();

export const ZBrandPaletteSchema = z.object({
  primary: ZHex,
  accent: ZHex,
  text: ZHex,
  background: ZHex,
  link: ZHex,
});
export type TBrandPalette = z.infer<typeof ZBrandPaletteSchema>;

const GENERIC_FAMILIES = ["serif", "sans-serif", "monospace", "cursive", "system-ui"];

/** A font stack of plain names (letters, digits, spaces, dashes, quotes) ending in a generic family. */
const ZFontStack = z
  .string()
  .trim()
  .max(BRAND_KIT_LIMITS.maxFontStackLength)
  .regex(/^[A-Za-z0-9 ,'"-]+$/, BRAND_KIT_MESSAGES.badFontStack)
  .refine(
    (s) => GENERIC_FAMILIES.includes(s.split(",").at(-1)!.trim().replace(/['"]/g, "").toLowerCase()),
    BRAND_KIT_MESSAGES.badFontStack,
  );

const ZFontStylesheet = z
  .string()
  .trim()
  .url()
  .refine((u) => {
    const url = new URL(u);
    return url.protocol === "https:" && (BRAND_FONT_HOSTS as readonly string[]).includes(url.hostname);
  }, BRAND_KIT_MESSAGES.badFontLink);

export const ZBrandFontSchema = z.object({
  /** The web font's family name, e.g. "Inter"; empty: the fallback stack alone. */
  name: z
    .string()
    .trim()
    .max(60)
    .regex(/^[A-Za-z0-9 -]*$/, BRAND_KIT_MESSAGES.badFontName),
  /** Its stylesheet link (https, on BRAND_FONT_HOSTS), or null. */
  stylesheetUrl: ZFontStylesheet.nullable(),
  /** The web-safe stack used where the web font does not load (Outlook, Gmail). */
  fallback: ZFontStack,
});
export type TBrandFont = z.infer<typeof ZBrandFontSchema>;

const ZHttpsUrl = z
  .string()
  .trim()
  .url()
  .refine((u) => u.startsWith("https://"), BRAND_KIT_MESSAGES.httpsOnly);

export const ZBrandKitInputSchema = z.object({
  name: z.string().trim().min(1, BRAND_KIT_MESSAGES.nameRequired).max(BRAND_KIT_LIMITS.maxNameLength),
  /**
   * The uploaded logo (POST /api/brand-kits/logo), or null: an https address, or local storage's `/uploads/…` file
   * (relative, or absolute over http on a server without TLS: the server accepts only its own).
   */
  logoUrl: ZHttpsUrl.or(z.string().regex(/^(?:http:\/\/[A-Za-z0-9.:[\]-]+)?\/uploads\/[a-z-]+\/[A-Za-z0-9._-]+$/))
    .nullable()
    .default(null),
  palette: ZBrandPaletteSchema,
  font: ZBrandFontSchema,
  footer: z
    .object({
      address: z.string().trim().max(BRAND_KIT_LIMITS.maxAddressLength).default(""),
      social: z
        .array(z.object({ label: z.string().trim().min(1).max(40), url: ZHttpsUrl }))
        .max(BRAND_KIT_LIMITS.maxSocialLinks)
        .default([]),
    })
    .default({ address: "", social: [] }),
  tone: z
    .array(z.string().trim().min(1).max(BRAND_KIT_LIMITS.maxToneWordLength))
    .max(BRAND_KIT_LIMITS.maxToneWords)
    .default([]),
});
export type TBrandKitInput = z.input<typeof ZBrandKitInputSchema>;
/** What a generation carries of a kit (its snapshot on the job and the template). */
export type TBrandKitContent = z.output<typeof ZBrandKitInputSchema>;

export const ZBrandKitSchema = ZBrandKitInputSchema.extend({
  id: z.string(),
  /** Bumped on every update; a job stores the snapshot it ran with. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBrandKit = z.infer<typeof ZBrandKitSchema>;

/** A kit as a job or template keeps it: the content plus where it came from. */
export const ZBrandKitSnapshotSchema = ZBrandKitInputSchema.extend({ id: z.string(), version: z.number().int() });
export type TBrandKitSnapshot = z.output<typeof ZBrandKitSnapshotSchema>;

export const ZBrandKitReplySchema = z.object({ success: z.literal(true), message: z.string(), data: ZBrandKitSchema });
export const ZBrandPaletteReplySchema = z.object({ palette: ZBrandPaletteSchema });
