import { randomUUID } from "node:crypto";
import type { TDesignLayout } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import type { DbOrTx } from "../../../db/client.js";
import type { StoredTemplateImage, StoredUpload } from "../../../db/schema/index.js";
import { renderIntoReport } from "../../../email-engine/render-report.js";
import type { ProcessEmailResult } from "../../../email-engine/types.js";
import { readUpload } from "../design-images.js";
import { renderEmail, scoreAgainstDesign } from "../jobs/scoring.js";
import { type GenerationRow, generationsRepo } from "../repo.js";
import { historyRepo } from "./repo.js";

/** The design a version is compared with, and what the design reader read in it (null: not read, or not kept). */
export interface VersionDesign {
  uploads: StoredUpload[];
  layout: TDesignLayout | null;
}

/**
 * The design a version is compared with (decision 126): its own (an edit stores its root's), else the design of the
 * job that made it, else its parent's — so a refinement made before its job kept the designs, an edit and a one-click
 * fix are all scored against the original design. The layout comes from the same row as the uploads, so it is always
 * the reading of that design (decision 155).
 */
export async function designOf(db: DbOrTx, row: GenerationRow): Promise<VersionDesign> {
  let current: GenerationRow | undefined = row;
  for (let depth = 0; current && depth < 50; depth++) {
    if (current.designUploads?.length) return { uploads: current.designUploads, layout: current.designLayout ?? null };
    const uploads = await historyRepo.jobUploads(db, current.id);
    if (uploads.length) return { uploads, layout: current.designLayout ?? null };
    if (!current.parentId) break;
    const parent: GenerationRow | undefined = await generationsRepo.find(db, current.parentId);
    current = parent?.userId === row.userId ? parent : undefined;
  }
  return { uploads: [], layout: null };
}

export async function designUploadsOf(db: DbOrTx, row: GenerationRow): Promise<StoredUpload[]> {
  return (await designOf(db, row)).uploads;
}

/**
 * The design's reading for a version's score: the one kept with the design, else read now (templates made before
 * readings were kept; the new version keeps it, so the chain reads it once). Null when the reader cannot read it
 * (busy, or no design): the version is then scored on pictures alone, as before.
 */
async function readingOf(ctx: AppContext, design: VersionDesign, image: Buffer | null): Promise<TDesignLayout | null> {
  if (design.layout || !image) return design.layout;
  try {
    return await ctx.designReader.read(image);
  } catch (err) {
    ctx.log.warn({ err }, "the design reader could not read a version's design; scored on pictures alone");
    return null;
  }
}

/** Fidelity of a rendered email against the design image; null without a design, a rendering or on failure. */
async function scoreVersion(
  ctx: AppContext,
  html: string,
  image: Buffer | null,
  layout: TDesignLayout | null,
  rendered: Awaited<ReturnType<typeof renderEmail>>,
) {
  if (!image || !rendered) return null;
  try {
    return await scoreAgainstDesign(
      image,
      rendered,
      undefined,
      (w) => renderEmail(ctx, html, w),
      (input) => ctx.emailEngine.compare(input),
      { designLayout: layout },
    );
  } catch (err) {
    ctx.log.warn({ err }, "fidelity score of a new version failed; saved without a score");
    return null;
  }
}

/** The first design's bytes; null without one or when storage cannot give it (the version is saved unscored). */
async function designImage(ctx: AppContext, design: StoredUpload | undefined): Promise<Buffer | null> {
  if (!design) return null;
  return readUpload(ctx.storage, design).catch((err) => {
    ctx.log.warn({ err }, "a version's design could not be read from storage; saved without a score");
    return null;
  });
}

/**
 * A member's change to a template (an edit in place, a one-click fix) saved as a NEW version, free: the
 * processed email is rendered (previews, thumbnail, rendered checks and axe-core), scored against the chain's
 * original design, and stored as a child of `parent` with its brand kit, images and design. The parent stays as it
 * was, so the member can go back to it.
 */
export async function saveNewVersion(
  ctx: AppContext,
  parent: GenerationRow,
  input: { processed: ProcessEmailResult; note: string; images?: StoredTemplateImage[] },
): Promise<GenerationRow> {
  const { processed } = input;
  const id = randomUUID();
  const design = await designOf(ctx.db, parent);
  const image = await designImage(ctx, design.uploads[0]);
  const [checked, layout] = await Promise.all([
    renderIntoReport(ctx, { html: processed.html, report: processed.report, ownerId: id, userId: parent.userId }),
    readingOf(ctx, design, image),
  ]);
  const fidelity = await scoreVersion(ctx, processed.html, image, layout, checked.desktop);
  const images = (input.images ?? parent.images ?? []).filter((i) => processed.html.includes(i.url));
  return generationsRepo.insert(ctx.db, {
    id,
    userId: parent.userId,
    parentId: parent.id,
    version: await generationsRepo.nextVersion(ctx.db, parent.id),
    status: "succeeded",
    emailType: parent.emailType,
    instructions: input.note,
    thumbnails: parent.thumbnails,
    subject: processed.subject || parent.subject,
    html: processed.html,
    text: processed.text,
    report: checked.report,
    thumbnailUrl: checked.thumbnailUrl,
    credit: 0,
    model: "",
    name: parent.name,
    score: fidelity ? Math.round(fidelity.score) : null,
    scoreParts: fidelity?.parts ?? null,
    images,
    brandKit: parent.brandKit,
    designUploads: design.uploads.length ? design.uploads : null,
    designLayout: layout,
    // The MJML source no longer matches the edited HTML: not offered for this version.
    mjml: null,
  });
}
