import { isNull, type SQL, sql } from "drizzle-orm";
import type { MemberDataDeclaration } from "../../core/member-data.js";
import { generationJobs, generations } from "../../db/schema/index.js";

/** Failed or cancelled generations keep their designs this long for a Retry. */
export const RETRY_DAYS = 7;

type TemplateRow = typeof generations.$inferSelect;

/**
 * A job's designs and kit snapshot are kept while it may still run or be retried, or while its template exists;
 * a finished job with no template keeps nothing.
 */
function jobKeepsFiles(now: Date): SQL {
  const retryCutoff = new Date(now.getTime() - RETRY_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return sql`(${generationJobs.status} in ('queued', 'running')
    or (${generationJobs.status} in ('failed', 'cancelled')
      and coalesce(${generationJobs.finishedAt}, ${generationJobs.updatedAt}) > ${retryCutoff}::timestamptz)
    or exists (select 1 from ${generations} g where g.id = ${generationJobs.templateId} or g.id = ${generationJobs.id}))`;
}

/** Templates and generation jobs: templates exported one folder each; both go with the account. */
export const generatorMemberData: MemberDataDeclaration[] = [
  {
    owner: "generator",
    table: generations,
    userColumn: generations.userId,
    // Crops and swapped pictures (images), the thumbnail, the report's previews, the kit's logo, the design it is
    // scored against, and any stored picture the HTML or MJML shows.
    files: {
      columns: [
        generations.html,
        generations.mjml,
        generations.images,
        generations.thumbnailUrl,
        generations.report,
        generations.brandKit,
        generations.designUploads,
      ],
      membersOwn: true,
    },
    export: {
      readme:
        "templates/<id>/      one folder per template: template.json (details), email.html, email.txt,\n                     email.mjml when there is one, and pictures/ (the pictures it uses)",
      // Templates the member deleted (still undoable) are left out, and so are their hidden pictures.
      where: isNull(generations.deletedAt),
      orderBy: generations.createdAt,
      write(rows, out) {
        for (const t of rows as TemplateRow[]) {
          const folder = `templates/${t.id}`;
          const { html, text, mjml, ...details } = t;
          out.json(`${folder}/template.json`, details);
          if (html) out.text(`${folder}/email.html`, html);
          if (text) out.text(`${folder}/email.txt`, text);
          if (mjml) out.text(`${folder}/email.mjml`, mjml);
          out.files(`${folder}/pictures`, [t.images, t.thumbnailUrl, html]);
        }
      },
    },
    onClose: { kind: "cascade" },
  },
  {
    owner: "generator",
    table: generationJobs,
    userColumn: generationJobs.userId,
    files: {
      columns: [generationJobs.uploads, generationJobs.brandKit, generationJobs.fidelity],
      keptWhile: jobKeepsFiles,
      membersOwn: true,
    },
    export: { omitted: "a job's result is the template it saved" },
    onClose: { kind: "cascade" },
  },
];
