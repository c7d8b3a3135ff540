import { type EmailAutofix, GENERATOR_MESSAGES, type TEmailReport, toEmailReport } from "@mailsmith/shared";
import { type AppContext, ownOrigins } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { applyAutofix } from "../../../email-engine/autofix.js";
import { badRequest } from "../../../lib/app-error.js";
import { type GenerationRow, generationsRepo } from "../repo.js";
import { templatesService } from "../templates-service.js";

/**
 * A one-click fix from the report ("use https"): applied to the saved template's HTML, which is then processed
 * again (as "existing": our skeleton is kept as it is) for a fresh report. The server stays the source of the
 * report; the rendered part (previews, overflow, height) is kept, since an https link renders the same.
 */
export async function applyTemplateAutofix(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  fix: EmailAutofix,
): Promise<GenerationRow> {
  const row = await templatesService.get(ctx, caller, id);
  const before = toEmailReport(row.report);
  if (!before.checks.some((c) => c.autofix === fix && c.status !== "pass"))
    throw badRequest(GENERATOR_MESSAGES.autofixNotOffered, "AUTOFIX_NOT_OFFERED");
  const { html } = applyAutofix(row.html ?? "", fix, ownOrigins(ctx.env));
  const result = await ctx.emailEngine.run({ html, subject: row.subject, source: "existing" });
  const rendered = before.checks.filter((c) => c.id.startsWith("render."));
  const checks = [...result.report.checks, ...rendered];
  const report: TEmailReport = {
    ...result.report,
    checks,
    passed: checks.every((c) => c.status !== "fail"),
    changes: [...before.changes, ...result.report.changes.filter((c) => !before.changes.includes(c))],
    render: before.render,
    ...(before.previews ? { previews: before.previews } : {}),
  };
  const saved = await generationsRepo.update(ctx.db, row.id, { html: result.html, text: result.text, report });
  return saved ?? row;
}
