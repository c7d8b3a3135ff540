import { randomUUID } from "node:crypto";
import { GENERATOR_MESSAGES, TEMPLATE_UNDO, type TImportTemplate } from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import { type AdminActor, recordAdminChange } from "../../core/audit.js";
import type { UserRow } from "../../core/identity/users.js";
import type { DbOrTx } from "../../db/client.js";
import { readHtmlInput } from "../../email-engine/existing-html.js";
import { renderIntoReport } from "../../email-engine/render-report.js";
import { AppError, badRequest, notFound } from "../../lib/app-error.js";
import { isAdmin } from "../../plugins/access.js";
import { hidePictures } from "./history/pictures.js";
import { nameFromHtml } from "./jobs/template-name.js";
import { type GenerationRow, generationsRepo } from "./repo.js";

/** A template that can be refined: a saved one with its HTML. */
export function assertRefinable(row: GenerationRow | undefined): GenerationRow {
  if (row?.status !== "succeeded" || row.deletedAt || !row.html)
    throw badRequest(GENERATOR_MESSAGES.templateNotFound, "NOT_FOUND");
  return row;
}

/**
 * A template another member owns answers exactly as an unknown id (404, never 403), so no route tells a member which
 * ids exist; an administrator may read any.
 */
function assertVisible(caller: UserRow, row: GenerationRow): void {
  if (row.userId !== caller.id && !isAdmin(caller)) throw notFound(GENERATOR_MESSAGES.templateNotFound);
}

/** An administrator's change to another member's template: recorded in the audit log. */
async function auditForeign(
  db: DbOrTx,
  caller: UserRow,
  row: GenerationRow,
  actor: AdminActor | undefined,
  action: "template.delete" | "template.restore",
) {
  if (row.userId === caller.id || !actor) return;
  await recordAdminChange(db, actor, {
    action,
    targetType: "template",
    targetId: row.id,
    before: { deleted: action === "template.restore", ownerId: row.userId },
    after: { deleted: action === "template.delete", ownerId: row.userId },
  });
}

/** The member's generation history (/user/templates). */
export const templatesService = {
  /** A saved template of the caller (or any, for an admin). Failed and pending rows are not templates. */
  async get(ctx: AppContext, caller: UserRow, id: string): Promise<GenerationRow> {
    const row = await generationsRepo.find(ctx.db, id);
    if (row?.status !== "succeeded" || row.deletedAt) throw notFound(GENERATOR_MESSAGES.templateNotFound);
    assertVisible(caller, row);
    return row;
  },

  /**
   * Check my email → "Fix with AI": the member's existing email saved as their template (version 1, no credit), so
   * the ordinary refine path can change it. Same input rules as a check (≤ 500 KB, HTML); processed as "existing".
   */
  async importExisting(
    ctx: AppContext,
    caller: UserRow,
    input: { html: string; emailType: NonNullable<TImportTemplate["emailType"]> },
  ): Promise<GenerationRow> {
    const html = await readHtmlInput(input.html);
    const result = await ctx.emailEngine.run({ html, source: "existing" });
    // Rendered like any template: previews on its page, a thumbnail in the history (the report says so if not).
    const id = randomUUID();
    const checked = await renderIntoReport(ctx, {
      html: result.html,
      report: result.report,
      ownerId: id,
      userId: caller.id,
    });
    return generationsRepo.insert(ctx.db, {
      id,
      userId: caller.id,
      status: "succeeded",
      emailType: input.emailType,
      name: nameFromHtml(html, result.subject),
      subject: result.subject,
      html: result.html,
      text: result.text,
      report: checked.report,
      thumbnailUrl: checked.thumbnailUrl,
      credit: 0,
      model: "",
    });
  },

  /**
   * Deletes a template with undo: the row is marked deleted and its thumbnail and previews stop being
   * served at once; `restore` brings both back within TEMPLATE_UNDO.windowSeconds, after which
   * `purgeDeletedTemplates` removes the row and the pictures. Answers until when it can be undone.
   */
  async remove(
    ctx: AppContext,
    caller: UserRow,
    id: string,
    opts: { now?: Date; actor?: AdminActor } = {},
  ): Promise<{ undoUntil: Date }> {
    const now = opts.now ?? new Date();
    const row = await this.get(ctx, caller, id);
    // The change and its audit entry commit together.
    await ctx.db.transaction(async (tx) => {
      await generationsRepo.update(tx, row.id, { deletedAt: now });
      await auditForeign(tx, caller, row, opts.actor, "template.delete");
    });
    await hidePictures(ctx, row, true, now);
    return { undoUntil: new Date(now.getTime() + TEMPLATE_UNDO.windowSeconds * 1000) };
  },

  /**
   * Undoes a deletion within the window: the template and its pictures are back. An administrator restoring a
   * member's template is audited.
   */
  async restore(ctx: AppContext, caller: UserRow, id: string, opts: { now?: Date; actor?: AdminActor } = {}) {
    const now = opts.now ?? new Date();
    const row = await generationsRepo.find(ctx.db, id);
    if (row?.status !== "succeeded" || !row.deletedAt) throw notFound(GENERATOR_MESSAGES.templateNotFound);
    assertVisible(caller, row);
    if (now.getTime() - row.deletedAt.getTime() > TEMPLATE_UNDO.windowSeconds * 1000) {
      throw new AppError("UNDO_EXPIRED", TEMPLATE_UNDO.expired, 410);
    }
    await ctx.db.transaction(async (tx) => {
      await generationsRepo.update(tx, row.id, { deletedAt: null });
      await auditForeign(tx, caller, row, opts.actor, "template.restore");
    });
    await hidePictures(ctx, row, false, now);
  },

  /** Sends the template to the caller's own address only (rate-limited by the route). */
  async sendTest(ctx: AppContext, caller: UserRow, id: string): Promise<string> {
    const row = await this.get(ctx, caller, id);
    try {
      await ctx.mail.send({
        to: caller.email,
        subject: `[Test] ${row.subject || row.emailType}`,
        html: row.html ?? "",
        text: row.text ?? "",
      });
    } catch (err) {
      ctx.log.error({ err, generationId: row.id }, "test email failed");
      throw new AppError("MAIL_FAILED", GENERATOR_MESSAGES.testFailed, 502);
    }
    return GENERATOR_MESSAGES.testSent(caller.email);
  },
};
