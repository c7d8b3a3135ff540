import { randomUUID } from "node:crypto";
import {
  BRAND_KIT_LIMITS,
  BRAND_KIT_MESSAGES,
  contrastRatio as contrast,
  relativeLuminance as luminance,
  type TBrandKitContent,
  type TBrandPalette,
} from "@mailsmith/shared";
import { cleanImage } from "../../adapters/storage/clean-image.js";
import { keyFromUrl } from "../../adapters/storage/storage.js";
import type { AppContext } from "../../context.js";
import { deltaE, extractPalette, type PaletteColour } from "../../email-engine/fidelity/index.js";
import { toRaster } from "../../email-engine/fidelity/normalise.js";
import { AppError, badRequest, notFound } from "../../lib/app-error.js";
import { type BrandKitRow, brandKitsRepo } from "./repo.js";

const missing = () => notFound(BRAND_KIT_MESSAGES.notFound);

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

/** The folder kit logos are stored in; only objects there are ever deleted by this feature. */
const LOGO_FOLDER = "brand-logos";

/**
 * A logo address as it must reach emails and the model: absolute. Local storage answers `/uploads/…` paths; they are
 * made absolute from the public base URL (env.publicUrl: BETTER_AUTH_URL), as the generator's crops are.
 * An absolute address over plain http is only accepted when it is this server's own (a local setup without TLS).
 */
export function absoluteLogoUrl(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  const base = publicUrl.replace(/\/+$/, "");
  if (url.startsWith("/")) return `${base}${url}`;
  if (url.startsWith("https://") || url.startsWith(`${base}/`)) return url;
  throw badRequest(BRAND_KIT_MESSAGES.httpsOnly, "LOGO_URL");
}

const withAbsoluteLogo = (ctx: AppContext, kit: TBrandKitContent): TBrandKitContent => ({
  ...kit,
  logoUrl: absoluteLogoUrl(ctx.env.publicUrl, kit.logoUrl),
});

/**
 * After the kit change has committed: deletes a logo the kit no longer shows (deleted kit, replaced logo) when it is
 * one of ours, in the logo folder, owned by this member and shown by no other row (another kit, a template or a job
 * that took the kit's snapshot). A logo still shown is left to the storage sweep, which deletes it once nothing
 * references it. A failed delete never fails the request: it is logged and the sweep retries.
 */
async function dropLogo(ctx: AppContext, userId: string, url: string | null): Promise<void> {
  const key = url ? keyFromUrl(url) : null;
  if (!key?.startsWith(`${LOGO_FOLDER}/`)) return;
  try {
    if (!(await brandKitsRepo.logoIsOnlyTheirs(ctx.db, userId, key))) return;
    await ctx.storage.delete(key);
  } catch (err) {
    ctx.log.warn({ err, key }, "brand kit logo not deleted; the storage sweep deletes it later");
  }
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
    return brandKitsRepo.insert(ctx.db, userId, withAbsoluteLogo(ctx, kit));
  },

  /** Replaces the kit's content; a logo it no longer shows is deleted once the change has committed. */
  async update(ctx: AppContext, userId: string, id: string, kit: TBrandKitContent): Promise<BrandKitRow> {
    const next = withAbsoluteLogo(ctx, kit);
    const changed = await brandKitsRepo.update(ctx.db, userId, id, next);
    if (!changed) throw missing();
    if (changed.previousLogoUrl && changed.previousLogoUrl !== changed.row.logoUrl)
      await dropLogo(ctx, userId, changed.previousLogoUrl);
    return changed.row;
  },

  /** Deletes the kit, then its logo file (templates generated with the kit keep theirs: they still reference it). */
  async remove(ctx: AppContext, userId: string, id: string): Promise<void> {
    const removed = await brandKitsRepo.remove(ctx.db, userId, id);
    if (!removed) throw missing();
    await dropLogo(ctx, userId, removed.logoUrl);
  },

  /** The palette of an uploaded design or site screenshot. */
  async paletteOf(image: Buffer): Promise<TBrandPalette> {
    const raster = await toRaster(image).catch(() => {
      throw badRequest(BRAND_KIT_MESSAGES.imageUnreadable, "IMAGE_UNREADABLE");
    });
    return paletteFromColours(await extractPalette(raster));
  },

  /** A logo stored like other pictures: re-encoded, pixels only. Answers its address. */
  async storeLogo(ctx: AppContext, userId: string, image: Buffer): Promise<string> {
    const clean = await cleanImage(image, { format: "png", maxSide: 1200, limitInputPixels: 25_000_000 }).catch(() => {
      throw badRequest(BRAND_KIT_MESSAGES.imageUnreadable, "IMAGE_UNREADABLE");
    });
    const file = await ctx.storage.put({
      key: `${LOGO_FOLDER}/${randomUUID()}.${clean.ext}`,
      body: clean.data,
      contentType: clean.mimeType,
      ownerId: userId,
    });
    return absoluteLogoUrl(ctx.env.publicUrl, file.url) as string;
  },
};
