import { randomUUID } from "node:crypto";
import { BRAND_KIT_LIMITS, BRAND_KIT_MESSAGES, type TBrandKitContent, type TBrandPalette } from "@mailsmith/shared";
import { cleanImage } from "../../adapters/storage/clean-image.js";
import type { AppContext } from "../../context.js";
import { deltaE, extractPalette, type PaletteColour } from "../../email-engine/fidelity/index.js";
import { toRaster } from "../../email-engine/fidelity/normalise.js";
import { AppError, badRequest, notFound } from "../../lib/app-error.js";
import { type BrandKitRow, brandKitsRepo } from "./repo.js";

const missing = () => notFound(BRAND_KIT_MESSAGES.notFound);

/** Relative luminance (WCAG) of a colour. */
function luminance(c: { r: number; g: number; b: number }): number {
  const ch = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
const contrast = (a: PaletteColour, b: PaletteColour) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
const chroma = (c: PaletteColour) => Math.max(c.r, c.g, c.b) - Math.min(c.r, c.g, c.b);

/**
 * A kit palette from a design's palette (the fidelity score's own extraction, email-engine/fidelity/colour.ts):
 * background = the most covering colour; text = the most covering neutral colour with 4.5:1 against it (else any
 * such colour, else black or white); primary and accent = the two most covering saturated colours that differ (ΔE > 10); link = primary.
 */
export function paletteFromColours(colours: PaletteColour[]): TBrandPalette {
  const black = { hex: "#000000", r: 0, g: 0, b: 0, coverage: 0 };
  const white = { hex: "#ffffff", r: 255, g: 255, b: 255, coverage: 0 };
  const background = colours[0] ?? white;
  const readable = colours.filter((c) => c !== background && contrast(c, background) >= 4.5);
  const text = readable.find((c) => chroma(c) < 40) ?? readable[0] ?? (luminance(background) > 0.18 ? black : white);
  const vivid = colours.filter((c) => c !== background && c !== text && chroma(c) > 60);
  const primary = vivid[0] ?? text;
  const accent = vivid.find((c) => deltaE(c, primary) > 10) ?? primary;
  return { primary: primary.hex, accent: accent.hex, text: text.hex, background: background.hex, link: primary.hex };
}

export const brandKitsService = {
  list: (ctx: AppContext, userId: string) => brandKitsRepo.list(ctx.db, userId),

  async get(ctx: AppContext, userId: string, id: string): Promise<BrandKitRow> {
    return (await brandKitsRepo.find(ctx.db, userId, id)) ?? Promise.reject(missing());
  },

  async create(ctx: AppContext, userId: string, kit: TBrandKitContent): Promise<BrandKitRow> {
    if ((await brandKitsRepo.count(ctx.db, userId)) >= BRAND_KIT_LIMITS.maxKits) {
      throw new AppError("TOO_MANY_KITS", BRAND_KIT_MESSAGES.tooMany(BRAND_KIT_LIMITS.maxKits), 409);
    }
    return brandKitsRepo.insert(ctx.db, userId, kit);
  },

  async update(ctx: AppContext, userId: string, id: string, kit: TBrandKitContent): Promise<BrandKitRow> {
    return (await brandKitsRepo.update(ctx.db, userId, id, kit)) ?? Promise.reject(missing());
  },

  async remove(ctx: AppContext, userId: string, id: string): Promise<void> {
    if (!(await brandKitsRepo.remove(ctx.db, userId, id))) throw missing();
  },

  /** The palette of an uploaded design or site screenshot. */
  async paletteOf(image: Buffer): Promise<TBrandPalette> {
    const raster = await toRaster(image).catch(() => {
      throw badRequest(BRAND_KIT_MESSAGES.imageUnreadable, "IMAGE_UNREADABLE");
    });
    return paletteFromColours(await extractPalette(raster));
  },

  /** A logo stored like other pictures: re-encoded, pixels only (decision 103). Answers its address. */
  async storeLogo(ctx: AppContext, userId: string, image: Buffer): Promise<string> {
    const clean = await cleanImage(image, { format: "png", maxSide: 1200, limitInputPixels: 25_000_000 }).catch(() => {
      throw badRequest(BRAND_KIT_MESSAGES.imageUnreadable, "IMAGE_UNREADABLE");
    });
    const file = await ctx.storage.put({
      key: `brand-logos/${randomUUID()}.${clean.ext}`,
      body: clean.data,
      contentType: clean.mimeType,
      ownerId: userId,
    });
    return file.url;
  },
};
