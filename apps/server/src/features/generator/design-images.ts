import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { cleanImage } from "../../adapters/storage/clean-image.js";
import type { StorageAdapter } from "../../adapters/storage/storage.js";
import type { StoredTemplateImage, StoredUpload } from "../../db/schema/index.js";
import { eraseAreas } from "../../design-reader/overlay.js";
import type { UploadedImage } from "./images.js";

/**
 * Real images from the design: the model names the photos, logos and icons it saw with bounding
 * boxes; we crop them from the stored design, store them and point the HTML at their absolute URLs.
 */

export interface ModelImageBox {
  id: string;
  kind: "photo" | "logo" | "icon";
  alt: string;
  /** 1-based index of the design image the box is on. */
  design: number;
  /** [ymin, xmin, ymax, xmax] on a 0–1000 scale (Gemini's box convention). */
  box: [number, number, number, number];
  /** Areas inside the box to erase from the crop (the local reader's text set live over a picture), same scale. */
  erase?: [number, number, number, number][];
}

/** Absolute URL of a stored file: local storage answers a path under the public base URL. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * Keeps the uploaded designs (so a retry or a resumed job never needs a new upload). They arrive re-encoded without
 * metadata (readImages) and are private: under designs/, served only at an expiring signed address.
 */
export async function storeUploads(
  storage: StorageAdapter,
  publicUrl: string,
  images: UploadedImage[],
  ownerId?: string,
): Promise<StoredUpload[]> {
  const out: StoredUpload[] = [];
  for (const img of images) {
    const ext = img.mimeType === "image/jpeg" ? "jpg" : img.mimeType === "image/webp" ? "webp" : "png";
    const file = await storage.put({
      key: `designs/${randomUUID()}.${ext}`,
      body: img.data,
      contentType: img.mimeType,
      ownerId,
    });
    out.push({
      key: file.key,
      url: absoluteUrl(publicUrl, file.url),
      mimeType: img.mimeType,
      width: img.width,
      height: img.height,
    });
  }
  return out;
}

/** The address the owner's browser shows a stored design at: signed, expiring (null when storage cannot sign). */
export function designAddress(storage: StorageAdapter, publicUrl: string, key: string): string | null {
  return storage.urls?.sign(key, { publicUrl }) ?? null;
}

/** Reads a stored file back: from the storage itself (disk or an authenticated bucket read), else its public URL. */
export async function readUpload(storage: StorageAdapter, upload: StoredUpload): Promise<Buffer> {
  const stored = await storage.read?.(upload.key);
  if (stored) return stored.body;
  const res = await fetch(upload.url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`stored design ${upload.key} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** A [ymin, xmin, ymax, xmax] box on the 0–1000 scale, clamped; none when it is not one. */
function thousandBox(raw: unknown): [number, number, number, number][] {
  if (!Array.isArray(raw) || raw.length !== 4) return [];
  const n = raw.map(Number);
  if (n.some((v) => !Number.isFinite(v))) return [];
  const [y0, x0, y1, x1] = n.map((v) => Math.min(1000, Math.max(0, v))) as [number, number, number, number];
  return y1 > y0 && x1 > x0 ? [[y0, x0, y1, x1]] : [];
}

/** Validates the model's boxes: known kind, a design that exists, a box inside 0–1000 with some area. */
export function cleanBoxes(raw: unknown, designs: number): ModelImageBox[] {
  if (!Array.isArray(raw)) return [];
  const out: ModelImageBox[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (!item || typeof item !== "object") continue;
    const r = item as Record<string, unknown>;
    const id = typeof r.id === "string" ? r.id.trim() : "";
    const box = Array.isArray(r.box) ? r.box.map(Number) : [];
    const design = Number(r.design ?? 1);
    if (!/^[\w-]{1,40}$/.test(id) || seen.has(id)) continue;
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) continue;
    if (!Number.isInteger(design) || design < 1 || design > designs) continue;
    const [y0, x0, y1, x1] = box.map((n) => Math.min(1000, Math.max(0, n))) as [number, number, number, number];
    if (y1 - y0 < 5 || x1 - x0 < 5) continue;
    const kind = r.kind === "logo" || r.kind === "icon" ? r.kind : "photo";
    seen.add(id);
    const erase = Array.isArray(r.erase) ? r.erase.flatMap(thousandBox).slice(0, 20) : [];
    out.push({
      id,
      kind,
      alt: typeof r.alt === "string" ? r.alt.slice(0, 200) : "",
      design,
      box: [y0, x0, y1, x1],
      ...(erase.length ? { erase } : {}),
    });
  }
  return out.slice(0, 30);
}

/**
 * Crops one box out of a design (the caller encodes it: JPEG for photos, PNG for logos and icons). Areas in `erase`
 * (the same 0–1000 scale) are filled from the picture around them: text the email sets live over the picture.
 */
export async function cropBox(design: Buffer, box: ModelImageBox["box"], erase: ModelImageBox["erase"] = []) {
  const img = sharp(design, { animated: false }).rotate();
  const { width = 0, height = 0 } = await sharp(await img.clone().toBuffer()).metadata();
  const [y0, x0, y1, x1] = box;
  const left = Math.floor((x0 / 1000) * width);
  const top = Math.floor((y0 / 1000) * height);
  const w = Math.max(1, Math.min(width - left, Math.ceil(((x1 - x0) / 1000) * width)));
  const h = Math.max(1, Math.min(height - top, Math.ceil(((y1 - y0) / 1000) * height)));
  const extracted = img.extract({ left, top, width: w, height: h });
  if (erase.length === 0) return { image: extracted, width: w, height: h };
  const { data } = await extracted.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const areas = erase.map(([ey0, ex0, ey1, ex1]) => {
    const ax = (ex0 / 1000) * width - left;
    const ay = (ey0 / 1000) * height - top;
    return { x: ax, y: ay, width: ((ex1 - ex0) / 1000) * width, height: ((ey1 - ey0) / 1000) * height };
  });
  eraseAreas(data, w, h, areas);
  return { image: sharp(data, { raw: { width: w, height: h, channels: 3 } }), width: w, height: h };
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const PLACEHOLDER = (w: number, h: number) => `https://placehold.co/${Math.max(1, w)}x${Math.max(1, h)}/png`;

/**
 * Crops every box, stores it and rewrites src="image:<id>" in the HTML to the stored file's absolute URL.
 * References the model made to unknown ids become placeholders, so no image ever points nowhere.
 */
export async function materialiseImages(opts: {
  html: string;
  boxes: ModelImageBox[];
  designs: Buffer[];
  storage: StorageAdapter;
  publicUrl: string;
  /** The member the crops belong to. */
  ownerId?: string;
}): Promise<{ html: string; images: StoredTemplateImage[] }> {
  let html = opts.html;
  const images: StoredTemplateImage[] = [];
  for (const b of opts.boxes) {
    const ref = new RegExp(`(["'])image:${escapeRegExp(b.id)}\\1`, "g");
    if (!ref.test(html)) continue;
    const design = opts.designs[b.design - 1];
    if (!design) continue;
    const crop = await cropBox(design, b.box, b.erase);
    const photo = b.kind === "photo";
    const body = photo ? await crop.image.jpeg({ quality: 85 }).toBuffer() : await crop.image.png().toBuffer();
    const file = await opts.storage.put({
      key: `generated/${randomUUID()}.${photo ? "jpg" : "png"}`,
      body,
      contentType: photo ? "image/jpeg" : "image/png",
      ownerId: opts.ownerId,
    });
    const url = absoluteUrl(opts.publicUrl, file.url);
    html = html.replace(ref, `$1${url}$1`);
    images.push({
      slot: images.length + 1,
      url,
      key: file.key,
      kind: b.kind,
      alt: b.alt,
      width: crop.width,
      height: crop.height,
    });
  }
  html = html.replace(/(["'])image:[\w-]{1,40}\1/g, (_m, q: string) => `${q}${PLACEHOLDER(600, 300)}${q}`);
  return { html, images };
}

/** The member's own picture for one slot: stored, and every use of the old URL in the HTML replaced. */
export async function replaceSlot(opts: {
  html: string;
  images: StoredTemplateImage[];
  slot: number;
  upload: { data: Buffer; mimeType: string };
  storage: StorageAdapter;
  publicUrl: string;
  ownerId?: string;
}): Promise<{ html: string; images: StoredTemplateImage[] } | null> {
  const current = opts.images.find((i) => i.slot === opts.slot);
  if (!current) return null;
  const stored = await storeMemberPicture(opts);
  const html = opts.html.split(current.url).join(stored.url);
  const images = opts.images.map((i) => (i.slot === opts.slot ? { ...i, ...stored } : i));
  return { html, images };
}

/**
 * A member's own picture for a template, stored: pixels only, sRGB, no metadata, at most 1200 px wide;
 * answers its absolute address (the edit in place puts it into the email).
 */
export async function storeMemberPicture(opts: {
  upload: { data: Buffer; mimeType: string };
  storage: StorageAdapter;
  publicUrl: string;
  ownerId?: string;
}): Promise<{ url: string; key: string; width: number; height: number }> {
  const encoded = await cleanImage(opts.upload.data, { format: "png", maxWidth: 1200 });
  const file = await opts.storage.put({
    key: `generated/${randomUUID()}.png`,
    body: encoded.data,
    contentType: "image/png",
    ownerId: opts.ownerId,
  });
  return { url: absoluteUrl(opts.publicUrl, file.url), key: file.key, width: encoded.width, height: encoded.height };
}
