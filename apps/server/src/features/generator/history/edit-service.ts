import { GENERATOR_MESSAGES, type TTemplateEdit, type TTemplateFull, type TTemplateParts } from "@mailsmith/shared";
import { keyFromUrl } from "../../../adapters/storage/storage.js";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { applyEdits, EditRefused } from "../../../email-engine/apply-edits.js";
import { readParts } from "../../../email-engine/template-parts.js";
import { AppError, badRequest } from "../../../lib/app-error.js";
import { storeMemberPicture } from "../design-images.js";
import type { GenerationRow } from "../repo.js";
import { templatesService } from "../templates-service.js";
import { saveNewVersion } from "./new-version.js";
import { historyService } from "./service.js";

/** Only the owner changes a template (an administrator reads any, but edits none of a member's). */
async function ownTemplate(ctx: AppContext, caller: UserRow, id: string): Promise<GenerationRow> {
  const row = await templatesService.get(ctx, caller, id);
  if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATOR_MESSAGES.templateNotFound, 403);
  return row;
}

/** A summary of the edits for the version's note ("Edited: 2 texts, 1 picture"). */
function note(edits: readonly TTemplateEdit[]): string {
  const counts = new Map<string, number>();
  for (const e of edits) counts.set(e.op, (counts.get(e.op) ?? 0) + 1);
  const words: Record<TTemplateEdit["op"], [string, string]> = {
    text: ["text", "texts"],
    link: ["link", "links"],
    button: ["button", "buttons"],
    image: ["picture", "pictures"],
    sections: ["section order", "section orders"],
  };
  const parts = [...counts].map(([op, n]) => `${n} ${words[op as TTemplateEdit["op"]][n === 1 ? 0 : 1]}`);
  return `Edited: ${parts.join(", ")}`;
}

/** Edit in place: the parts a member may change, an uploaded picture, and saving a list of edits. */
export const templateEditService = {
  async parts(ctx: AppContext, caller: UserRow, id: string): Promise<TTemplateParts> {
    const row = await templatesService.get(ctx, caller, id);
    // The model's alt for a picture it placed is the suggestion when the email has none.
    const alts = new Map((row.images ?? []).filter((i) => i.alt).map((i) => [i.url, i.alt]));
    const { parts } = readParts(row.html ?? "", (src) => alts.get(src));
    return { templateId: row.id, parts };
  },

  /** A picture for the editor to put into the email: stored for its owner, not yet in any version. */
  async uploadPicture(ctx: AppContext, caller: UserRow, id: string, upload: { data: Buffer; mimeType: string }) {
    await ownTemplate(ctx, caller, id);
    const { url, width, height } = await storeMemberPicture({
      upload,
      storage: ctx.storage,
      publicUrl: ctx.env.publicUrl,
      ownerId: caller.id,
    });
    return { url, width, height };
  },

  /**
   * The edits applied to the template's HTML, then the email engine and its checks again, the renderer and the score
   * against the original design: a new version, free. A refused edit (unknown part, bad address or colour) is a 400
   * and nothing is saved.
   */
  async save(ctx: AppContext, caller: UserRow, id: string, edits: readonly TTemplateEdit[]): Promise<TTemplateFull> {
    const row = await ownTemplate(ctx, caller, id);
    let html: string;
    try {
      ({ html } = applyEdits(row.html ?? "", edits));
    } catch (err) {
      if (err instanceof EditRefused) throw badRequest(err.message, "EDIT_REFUSED");
      throw err;
    }
    const processed = await ctx.emailEngine.run({ html, subject: row.subject, source: "existing" });
    // A replaced picture keeps its slot (the images panel swaps it again); one of ours gets its storage key.
    const replaced = new Map<string, string>();
    const { elements } = readParts(row.html ?? "");
    for (const e of edits) {
      if (e.op !== "image" || e.src === undefined) continue;
      const old = elements.get(e.id)?.attribs.src;
      if (old) replaced.set(old, e.src.trim());
    }
    const ours = `${ctx.env.publicUrl.replace(/\/+$/, "")}/`;
    const keyOf = (url: string) => (url.startsWith(ours) ? keyFromUrl(url) : null);
    const images = (row.images ?? []).map((i) => {
      const url = replaced.get(i.url);
      return url ? { ...i, url, key: keyOf(url) } : i;
    });
    const saved = await saveNewVersion(ctx, row, { processed, note: note(edits), images });
    return historyService.full(ctx, saved, caller.id);
  },
};
