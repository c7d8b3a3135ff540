import {
  autofixOf,
  EMAIL_REPORT_UI,
  GENERATOR_MESSAGES,
  type TTemplateAutofix,
  type TTemplateFull,
  toEmailReport,
} from "@mailsmith/shared";
import { type AppContext, ownOrigins } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { prepareReportFixes } from "../../../email-engine/report-fixes.js";
import type { ProcessEmailResult } from "../../../email-engine/types.js";
import { AppError, badRequest } from "../../../lib/app-error.js";
import type { GenerationRow } from "../repo.js";
import { templatesService } from "../templates-service.js";
import { saveNewVersion } from "./new-version.js";
import { historyService } from "./service.js";

/**
 * The fixed email: processed again as "existing" (our skeleton kept as it is), with the engine's fix group if any;
 * the member's language is the `lang` when the text is too short to tell.
 */
async function fixedEmail(
  ctx: AppContext,
  row: GenerationRow,
  input: TTemplateAutofix,
  language: string,
): Promise<ProcessEmailResult> {
  const { html, groups } = prepareReportFixes(row.html ?? "", {
    fixes: [input.fix],
    alts: input.alts,
    ownOrigins: ownOrigins(ctx.env),
  });
  return ctx.emailEngine.run({
    html,
    subject: row.subject,
    source: "existing",
    language,
    ...(groups.length ? { fixes: groups } : {}),
  });
}

/**
 * A one-click fix from the report: "Use https", "Fix accessibility", "Repair dark
 * mode" or the member's alt texts, applied to the saved template and saved as a NEW version, free — processed,
 * rendered (fresh previews and rendered checks) and scored against the original design like an edit in place. The
 * server stays the source of the report; the template the member fixed stays as it was.
 */
export async function applyTemplateAutofix(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  input: TTemplateAutofix,
): Promise<TTemplateFull> {
  const row = await templatesService.get(ctx, caller, id);
  if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATOR_MESSAGES.templateNotFound, 403);
  const before = toEmailReport(row.report);
  if (!before.checks.some((c) => autofixOf(c) === input.fix))
    throw badRequest(GENERATOR_MESSAGES.autofixNotOffered, "AUTOFIX_NOT_OFFERED");
  const processed = await fixedEmail(ctx, row, input, caller.language);
  const saved = await saveNewVersion(ctx, row, { processed, note: EMAIL_REPORT_UI.autofix[input.fix] });
  return historyService.full(ctx, saved, caller.id);
}
