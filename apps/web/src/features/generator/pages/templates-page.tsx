import { GENERATOR_MESSAGES, GENERATOR_UI, type TTemplateItem } from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Pager, pageCountOf } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTemplates } from "../api/templates";
import { DeleteTemplateDialog } from "../components/delete-template-dialog";
import { RenameDialog } from "../components/rename-dialog";
import { TemplateCard } from "../components/template-card";
import { TemplateFilters } from "../components/template-filters";
import { useTemplateList } from "../hooks/use-template-list";

/** /user/templates: the history — search, filter, sort, paging; rename, duplicate, copy, download, delete. */
export function TemplatesPage() {
  useDocumentTitle(GENERATOR_UI.templatesDocumentTitle);
  const list = useTemplateList();
  const [deleting, setDeleting] = useState<TTemplateItem | null>(null);
  const [renaming, setRenaming] = useState<TTemplateItem | null>(null);
  const q = useTemplates({ page: list.page, q: list.q, type: list.type, sort: list.sort });

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{GENERATOR_UI.myTemplates}</h1>
          <p className="mt-1 text-sm text-slate-600">{GENERATOR_UI.templatesIntro}</p>
        </div>
        <Link to={paths.user.generateCode} className={buttonClasses("primary")}>
          {GENERATOR_UI.generate}
        </Link>
      </div>

      <TemplateFilters list={list} />

      {q.isPending ? (
        <div className="flex justify-center p-16 text-brand-600">
          <Spinner className="h-8 w-8" />
        </div>
      ) : q.isError ? (
        <div className="mt-6">
          <Alert>{errorMessage(q.error, GENERATOR_MESSAGES.loadFailed)}</Alert>
        </div>
      ) : q.data.data.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center">
          {list.filtered ? (
            <p className="font-semibold text-slate-900">{GENERATOR_UI.noMatches}</p>
          ) : (
            <>
              <p className="font-semibold text-slate-900">{GENERATOR_MESSAGES.noTemplates}</p>
              <p className="mt-1 text-sm text-slate-600">{GENERATOR_MESSAGES.noTemplatesHint}</p>
            </>
          )}
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label={GENERATOR_UI.templatesLabel}>
            {q.data.data.map((t) => (
              <TemplateCard key={t._id} t={t} onRename={setRenaming} onDelete={setDeleting} />
            ))}
          </ul>
          <div className="mt-6">
            <Pager
              page={list.page}
              pageCount={pageCountOf(q.data.total, q.data.pageSize)}
              onPageChange={(page) => list.set({ page })}
              total={q.data.total}
              pageSize={q.data.pageSize}
            />
          </div>
        </>
      )}
      <RenameDialog template={renaming} onClose={() => setRenaming(null)} />
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
