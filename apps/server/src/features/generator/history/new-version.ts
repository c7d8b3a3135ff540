import { randomUUID } from "node:crypto";
import type { AppContext } from "../../../context.js";
import type { DbOrTx } from "../../../db/client.js";
import type { StoredTemplateImage, StoredUpload } from "../../../db/schema/index.js";
import { renderIntoReport } from "../../../email-engine/render-report.js";
import type { ProcessEmailResult } from "../../../email-engine/types.js";
import { readUpload } from "../design-images.js";
import { renderEmail, scoreAgainstDesign } from "../jobs/scoring.js";
import { type GenerationRow, generationsRepo } from "../repo.js";
import { historyRepo } from "./repo.js";

/**
 * The design a version is compared with (decision 126): its own (an edit stores its root's), else the design of the
 * job that made it, else its parent's — so a refinement made before its job kept the designs, an edit and a one-click
 * fix are all scored against the original design.
 */
export async function designUploadsOf(db: DbOrTx, row: GenerationRow): Promise<StoredUpload[]> {
  let current: GenerationRow | undefined = row;
  for (let depth = 0; current && depth < 50; depth++) {
    if (current.designUploads?.length) return current.designUploads;
    const uploads = await historyRepo.jobUploads(db, current.id);
    if (uploads.length) return uploads;
    if (!current.parentId) break;
    const parent: GenerationRow | undefined = await generationsRepo.find(db, current.parentId);
    current = parent?.userId === row.userId ? parent : undefined;
  }
  return [];
}

/** Fidelity of a rendered email against the first design image; null without a design, a rendering or on failure. */
async function scoreVersion(
  ctx: AppContext,
  html: string,
  design: StoredUpload | undefined,
  rendered: Awaited<ReturnType<typeof renderEmail>>,
) {
  if (!design || !rendered) return null;
  try {
    const image = await readUpload(ctx.storage, design);
    return await scoreAgainstDesign(
      image,
      rendered,
      undefined,
      (w) => renderEmail(ctx, html, w),
      (input) => ctx.emailEngine.compare(input),
    );
  } catch (err) {
    ctx.log.warn({ err }, "fidelity score of a new version failed; saved without a score");
    return null;
  }
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
  const designs = await designUploadsOf(ctx.db, parent);
  const checked = await renderIntoReport(ctx, {
    html: processed.html,
    report: processed.report,
    ownerId: id,
    userId: parent.userId,
  });
  const fidelity = await scoreVersion(ctx, processed.html, designs[0], checked.desktop);
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
    designUploads: designs.length ? designs : null,
    // The MJML source no longer matches the edited HTML: not offered for this version.
    mjml: null,
  });
}
