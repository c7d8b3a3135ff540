import {
  EMAIL_TYPES,
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_FILES,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
  TEMPLATE_SORTS,
  type TemplateSort,
  type TTemplateItem,
} from "@mailsmith/shared";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { downloadText } from "@/lib/download";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchTemplate, useDeleteTemplate, useDuplicateTemplate, useTemplates } from "../api/templates";
import { RenameDialog } from "../components/rename-dialog";
import { TemplateThumb } from "../components/template-thumb";

const downloadHtml = (html: string) => downloadText(GENERATOR_FILES.html, html, "text/html");

export const scoreColor = (score: number): BadgeColor => (score >= 85 ? "green" : score >= 65 ? "amber" : "red");
const SEARCH_DELAY_MS = 300;

/** The list state lives in the address (?q=&type=&sort=&page=), so a reload or a shared link keeps it. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get("sort");
  const typeParam = params.get("type");
  const state = {
    q: params.get("q") ?? "",
    type: typeParam && (EMAIL_TYPES as readonly string[]).includes(typeParam) ? typeParam : "",
    sort: (TEMPLATE_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as TemplateSort) : "newest",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const set = (change: Partial<typeof state>) => {
    const next = { ...state, page: 1, ...change };
    const out = new URLSearchParams();
    if (next.q) out.set("q", next.q);
    if (next.type) out.set("type", next.type);
    if (next.sort !== "newest") out.set("sort", next.sort);
    if (next.page > 1) out.set("page", String(next.page));
    setParams(out, { replace: true });
  };
  return { ...state, set };
}

/** /user/templates: the history — search, filter, sort, paging; rename, duplicate, copy, download, delete. */
export function TemplatesPage() {
  useDocumentTitle(GENERATOR_UI.templatesDocumentTitle);
  const list = useListParams();
  const [search, setSearch] = useState(list.q);
  const [deleting, setDeleting] = useState<TTemplateItem | null>(null);
  const [renaming, setRenaming] = useState<TTemplateItem | null>(null);
  const searchId = useId();
  const typeId = useId();
  const sortId = useId();
  const q = useTemplates({ page: list.page, q: list.q, type: list.type, sort: list.sort });
  const del = useDeleteTemplate();
  const dup = useDuplicateTemplate();

  // Search as the member types (debounced), without a button.
  useEffect(() => {
    if (search.trim() === list.q) return;
    const t = window.setTimeout(() => list.set({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(t);
  });

  const withHtml = async (t: TTemplateItem, use: (html: string) => Promise<void> | void, done: string) => {
    try {
      await use((await fetchTemplate(t._id)).html);
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, GENERATOR_MESSAGES.copyFailed));
    }
  };
  const filtered = Boolean(list.q || list.type);

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

      <search className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-slate-600">
            {GENERATOR_UI.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={GENERATION_JOB_LIMITS.searchMaxLength}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={GENERATOR_UI.searchPlaceholder}
            className={inputClasses()}
          />
        </div>
        <div>
          <label htmlFor={typeId} className="mb-1 block text-xs font-medium text-slate-600">
            {GENERATOR_UI.typeFilterLabel}
          </label>
          <select
            id={typeId}
            value={list.type}
            onChange={(e) => list.set({ type: e.target.value })}
            className={inputClasses()}
          >
            <option value="">{GENERATOR_UI.allTypes}</option>
            {EMAIL_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={sortId} className="mb-1 block text-xs font-medium text-slate-600">
            {GENERATOR_UI.sortLabel}
          </label>
          <select
            id={sortId}
            value={list.sort}
            onChange={(e) => list.set({ sort: e.target.value as TemplateSort })}
            className={inputClasses()}
          >
            {TEMPLATE_SORTS.map((s) => (
              <option key={s} value={s}>
                {GENERATOR_UI.sorts[s]}
              </option>
            ))}
          </select>
        </div>
      </search>

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
          {filtered ? (
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
              <li
                key={t._id}
                aria-label={t.name}
                className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                <TemplateThumb id={t._id} title={GENERATOR_UI.previewOf(t.name)} src={t.thumbnailUrl} />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge color="blue">{t.emailType.replace(/ Templates?$/, "")}</Badge>
                    {t.score !== null && <Badge color={scoreColor(t.score)}>{GENERATOR_UI.score(t.score)}</Badge>}
                    <Badge color={t.passed ? "green" : "amber"}>
                      {t.passed ? GENERATOR_UI.passed : GENERATOR_UI.needsReview}
                    </Badge>
                  </div>
                  <Link
                    to={`${paths.user.templates}/${t._id}`}
                    className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {t.name}
                  </Link>
                  <VersionChain item={t} />
                  {t.instructions && <p className="line-clamp-2 text-sm text-slate-600">{t.instructions}</p>}
                  <p className="text-xs text-slate-500">
                    {new Date(t.createdAt).toLocaleString()} · {t.credit} credit · {(t.sizeBytes / 1024).toFixed(1)} KB
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    <Link to={`${paths.user.templates}/${t._id}`} className={buttonClasses("primary", "px-3 py-1.5")}>
                      {GENERATOR_UI.open}
                    </Link>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      aria-label={`${GENERATOR_UI.rename} ${t.name}`}
                      onClick={() => setRenaming(t)}
                    >
                      {GENERATOR_UI.rename}
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      aria-label={`${GENERATOR_UI.duplicate} ${t.name}`}
                      loading={dup.isPending && dup.variables === t._id}
                      onClick={() =>
                        dup.mutate(t._id, {
                          onSuccess: (r) => toast.success(r.message ?? GENERATION_JOB_MESSAGES.duplicated),
                          onError: (err) => toast.error(errorMessage(err, GENERATOR_UI.duplicateFailed)),
                        })
                      }
                    >
                      {GENERATOR_UI.duplicate}
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() =>
                        withHtml(t, (html) => navigator.clipboard.writeText(html), GENERATOR_MESSAGES.copied("HTML"))
                      }
                    >
                      {GENERATOR_UI.copy}
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() => withHtml(t, downloadHtml, GENERATOR_MESSAGES.downloaded(GENERATOR_FILES.html))}
                    >
                      {GENERATOR_UI.download}
                    </Button>
                    <Button
                      variant="dangerGhost"
                      className="px-3 py-1.5"
                      aria-label={GENERATOR_UI.deleteNamed(t.name)}
                      onClick={() => setDeleting(t)}
                    >
                      {GENERATOR_UI.delete}
                    </Button>
                  </div>
                </div>
              </li>
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
      <Modal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={GENERATOR_UI.deleteTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {GENERATOR_UI.cancel}
            </Button>
            <Button
              variant="danger"
              loading={del.isPending}
              onClick={() =>
                deleting &&
                del.mutate(deleting._id, {
                  onSuccess: (r) => {
                    toast.success(r.message);
                    setDeleting(null);
                  },
                  onError: (err) => toast.error(errorMessage(err, GENERATOR_MESSAGES.deleteFailed)),
                })
              }
            >
              {GENERATOR_UI.delete}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{GENERATOR_MESSAGES.deleteConfirm}</p>
        {deleting && <p className="mt-2 text-sm font-semibold break-words text-slate-900">{deleting.name}</p>}
      </Modal>
    </div>
  );
}

/** Where this item sits in its version chain: the version it was refined from and the ones made from it. */
function VersionChain({ item }: { item: TTemplateItem }) {
  if (!item.parentId && item.childIds.length === 0) return null;
  const link = "font-medium text-brand-700 hover:underline";
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
      <span>{GENERATOR_UI.versions}:</span>
      {item.parentId && (
        <>
          <Link to={`${paths.user.templates}/${item.parentId}`} className={link}>
            v{item.version - 1}
          </Link>
          <span aria-hidden="true">→</span>
        </>
      )}
      <strong className="text-slate-900">v{item.version}</strong>
      {item.childIds.map((id, i) => (
        <span key={id} className="flex items-center gap-x-1.5">
          <span aria-hidden="true">→</span>
          <Link to={`${paths.user.templates}/${id}`} className={link}>
            v{item.version + 1}
            {item.childIds.length > 1 ? String.fromCharCode(97 + i) : ""}
          </Link>
        </span>
      ))}
    </p>
  );
}
