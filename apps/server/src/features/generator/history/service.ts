import { randomUUID } from "node:crypto";
import {
  EXPORT_PLATFORMS,
  type ExportFormat,
  type ExportPlatform,
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_FILES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  type TemplateSort,
  type TTemplateBrandKit,
  type TTemplateFull,
  type TTemplateItem,
  type TTemplateVersion,
} from "@mailsmith/shared";
import { strToU8, zipSync } from "fflate";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { servableKeysOf } from "../../../core/storage/ownership.js";
import { holdUntil } from "../../../core/storage/stored-objects.js";
import type { DbOrTx } from "../../../db/client.js";
import type { StoredTemplateImage } from "../../../db/schema/index.js";
import { exportForPlatform } from "../../../email-engine/platform-export/platform-export.js";
import { AppError, notFound } from "../../../lib/app-error.js";
import { designAddress, readUpload, replaceSlot } from "../design-images.js";
import { type GenerationRow, generationsRepo, toSummaryDto, toTemplateDto } from "../repo.js";
import { templatesService } from "../templates-service.js";
import { designUploadsOf } from "./new-version.js";
import { sentImageKeys } from "./purge.js";
import { historyRepo, type ListRow } from "./repo.js";

export function displayName(row: Pick<GenerationRow, "name" | "subject">): string {
  return row.name || row.subject || GENERATION_JOB_MESSAGES.defaultName;
}

function toItem(row: ListRow, childIds: string[]): TTemplateItem {
  return {
    ...toSummaryDto(row),
    name: displayName(row),
    thumbnailUrl: row.thumbnailUrl ?? null,
    score: row.score ?? null,
    scoreParts: row.scoreParts ?? null,
    childIds,
    hasMjml: row.hasMjml,
    variantGroup: row.variantGroup ?? null,
  };
}

const publicImage = (i: StoredTemplateImage) => ({
  slot: i.slot,
  url: i.url,
  kind: i.kind,
  alt: i.alt,
  width: i.width,
  height: i.height,
});

/** The whole version chain of a template: up to its root, then every descendant, oldest first. */
async function versionChain(db: DbOrTx, row: GenerationRow): Promise<TTemplateVersion[]> {
  let root = row;
  for (let i = 0; i < 50 && root.parentId; i++) {
    const parent = await generationsRepo.find(db, root.parentId);
    if (!parent || parent.userId !== row.userId) break;
    root = parent;
  }
  const chain: GenerationRow[] = [root];
  let frontier = [root.id];
  for (let depth = 0; depth < 50 && frontier.length && chain.length < 200; depth++) {
    const next = await historyRepo.children(db, frontier);
    chain.push(...next);
    frontier = next.map((n) => n.id);
  }
  return chain
    .filter((r) => r.status === "succeeded" && !r.deletedAt)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => ({
      _id: r.id,
      version: r.version,
      name: displayName(r),
      parentId: r.parentId ?? null,
      createdAt: r.createdAt.toISOString(),
      score: r.score ?? null,
    }));
}

function safeFileName(name: string) {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "email"
  );
}

/** The kit a template was generated with: its snapshot's name and colours, and whether it was deleted since. */
async function brandKitOf(db: DbOrTx, row: GenerationRow): Promise<TTemplateBrandKit | null> {
  const kit = row.brandKit;
  if (!kit) return null;
  const deleted = !(await historyRepo.brandKitExists(db, kit.id, row.userId));
  return { name: kit.name, palette: kit.palette, deleted };
}

export const historyService = {
  /** The template as its page shows it; `viewerId` is who reads it (the brand kit is shown to its owner only). */
  async full(ctx: AppContext, row: GenerationRow, viewerId: string): Promise<TTemplateFull> {
    const [children, versions, designs, brandKit] = await Promise.all([
      historyRepo.childIds(ctx.db, [row.id]),
      versionChain(ctx.db, row),
      designUploadsOf(ctx.db, row),
      viewerId === row.userId ? brandKitOf(ctx.db, row) : null,
    ]);
    // Designs are private: the owner's page gets an expiring signed address, never a lasting one.
    const designKey = designs[0]?.key;
    const designUrl = designKey ? designAddress(ctx.storage, ctx.env.publicUrl, designKey) : null;
    return {
      ...toTemplateDto(row),
      ...toItem({ ...row, hasMjml: Boolean(row.mjml) }, children.get(row.id) ?? []),
      images: (row.images ?? []).map(publicImage),
      versions,
      repaired: row.repaired,
      designUrl,
      brandKit,
    };
  },

  /** A saved template of the caller (or any, for an admin) with its version chain, images and design. */
  async read(ctx: AppContext, caller: UserRow, id: string): Promise<TTemplateFull> {
    return this.full(ctx, await templatesService.get(ctx, caller, id), caller.id);
  },

  async fullById(ctx: AppContext, id: string, viewerId: string): Promise<TTemplateFull> {
    const row = await generationsRepo.find(ctx.db, id);
    if (!row) throw notFound(GENERATOR_MESSAGES.templateNotFound);
    return this.full(ctx, row, viewerId);
  },

  /** The caller's templates: search by name, filter by type, sort, page. */
  async list(
    ctx: AppContext,
    userId: string,
    q: { page: number; pageSize?: number; q?: string; type?: string; sort: TemplateSort },
  ) {
    const pageSize = q.pageSize ?? GENERATOR_LIMITS.templatesPageSize;
    const { rows, total } = await historyRepo.page(ctx.db, userId, { ...q, pageSize });
    const children = await historyRepo.childIds(
      ctx.db,
      rows.map((r) => r.id),
    );
    return {
      data: rows.map((r) => toItem(r, children.get(r.id) ?? [])),
      total,
      page: q.page,
      pageSize,
    };
  },

  async rename(ctx: AppContext, caller: UserRow, id: string, name: string) {
    const row = await templatesService.get(ctx, caller, id);
    const updated = await generationsRepo.update(ctx.db, row.id, {
      name: name.slice(0, GENERATION_JOB_LIMITS.maxNameLength),
    });
    return this.full(ctx, updated!, caller.id);
  },

  /** A copy the member can change on its own: same content, a new name, no version links. */
  async duplicate(ctx: AppContext, caller: UserRow, id: string) {
    const row = await templatesService.get(ctx, caller, id);
    if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATOR_MESSAGES.templateNotFound, 403);
    const { id: _id, createdAt: _c, updatedAt: _u, parentId: _p, ...rest } = row;
    const name = `Copy of ${displayName(row)}`.slice(0, GENERATION_JOB_LIMITS.maxNameLength);
    const copy = await generationsRepo.insert(ctx.db, {
      ...rest,
      id: randomUUID(),
      parentId: null,
      version: 1,
      name,
      credit: 0,
      variantGroup: null,
    });
    return this.full(ctx, copy, caller.id);
  },

  /** The member's own picture for image slot N: stored, HTML updated (content-sniffed by the route). */
  async replaceImage(
    ctx: AppContext,
    caller: UserRow,
    id: string,
    slot: number,
    upload: { data: Buffer; mimeType: string },
  ) {
    const row = await templatesService.get(ctx, caller, id);
    if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATOR_MESSAGES.templateNotFound, 403);
    const next = await replaceSlot({
      html: row.html ?? "",
      images: row.images ?? [],
      slot,
      upload,
      storage: ctx.storage,
      publicUrl: ctx.env.publicUrl,
      ownerId: caller.id,
    });
    if (!next) throw notFound(GENERATION_JOB_MESSAGES.imageSlotNotFound);
    const updated = await generationsRepo.update(ctx.db, row.id, { html: next.html, images: next.images });
    // The picture swapped out may be in an email already sent: held like a deleted template's crops.
    const old = sentImageKeys({ images: (row.images ?? []).filter((i) => i.slot === slot) });
    const until = new Date(Date.now() + ctx.env.STORAGE_SENT_IMAGE_DAYS * 24 * 60 * 60 * 1000);
    await holdUntil(ctx.db, old, until, row.userId);
    return this.full(ctx, updated!, caller.id);
  },

  /** The template for one sending platform: its tags, compliance footer when missing, and notes. */
  async exportPlatform(
    ctx: AppContext,
    caller: UserRow,
    id: string,
    platform: ExportPlatform,
    options: { editable?: boolean } = {},
  ) {
    // The caller's own only, administrators included: another member's template answers the same
    // 404 as an unknown id, so the route tells nobody which ids exist.
    const row = await generationsRepo.find(ctx.db, id);
    if (row?.status !== "succeeded" || row.deletedAt || row.userId !== caller.id)
      throw notFound(GENERATOR_MESSAGES.templateNotFound);
    const out = exportForPlatform(row.html ?? "", platform, { kit: row.brandKit ?? null, editable: options.editable });
    return { ...out, fileName: `${safeFileName(displayName(row))}-${platform}.html` };
  },

  /** Downloads: HTML, plain text, MJML when there is one, or a zip of index.html + images/ with relative paths. */
  async exportFile(
    ctx: AppContext,
    caller: UserRow,
    id: string,
    format: ExportFormat,
  ): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
    const row = await templatesService.get(ctx, caller, id);
    const base = safeFileName(displayName(row));
    const html = row.html ?? "";
    if (format === "html")
      return { body: html, contentType: "text/html; charset=utf-8", fileName: GENERATOR_FILES.html };
    if (format === "text")
      return { body: row.text ?? "", contentType: "text/plain; charset=utf-8", fileName: GENERATOR_FILES.text };
    if (format === "mjml") {
      if (!row.mjml) throw notFound(GENERATION_JOB_MESSAGES.exportUnavailable);
      return { body: row.mjml, contentType: "text/plain; charset=utf-8", fileName: `${base}.mjml` };
    }
    let local = html;
    const files: Record<string, Uint8Array> = {};
    // Only the template owner's own pictures that are not hidden go into the zip (files belong to their
    // owner); any other address stays absolute.
    const own = await servableKeysOf(
      ctx.db,
      row.userId,
      (row.images ?? []).flatMap((img) => (img.key ? [img.key] : [])),
    );
    for (const img of row.images ?? []) {
      if (!img.key || !own.has(img.key) || !local.includes(img.url)) continue;
      const ext = img.key.slice(img.key.lastIndexOf(".") + 1);
      const name = `images/image-${img.slot}.${ext}`;
      try {
        const data = await readUpload(ctx.storage, { key: img.key, url: img.url, mimeType: "", width: 0, height: 0 });
        files[name] = new Uint8Array(data);
        local = local.split(img.url).join(name);
      } catch (err) {
        ctx.log.warn({ err, key: img.key }, "image missing from the export; its absolute URL is kept");
      }
    }
    files["index.html"] = strToU8(local);
    // One folder per sending platform: images stay at their absolute addresses, platforms host by URL.
    for (const platform of EXPORT_PLATFORMS) {
      const out = exportForPlatform(html, platform, { kit: row.brandKit ?? null });
      files[`${platform}/index.html`] = strToU8(out.html);
      if (out.notes.length) files[`${platform}/notes.txt`] = strToU8(`${out.notes.join("\n")}\n`);
    }
    if (row.text) files["index.txt"] = strToU8(row.text);
    if (row.mjml) files["index.mjml"] = strToU8(row.mjml);
    const zip = zipSync(files, { level: 6 });
    return { body: Buffer.from(zip), contentType: "application/zip", fileName: `${base}.zip` };
  },
};
