import { GENERATOR_FILES, GENERATOR_MESSAGES, type TTemplateSummary } from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchTemplate, useDeleteTemplate, useTemplate, useTemplates } from "../api/templates";

function downloadHtml(html: string) {
  const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = GENERATOR_FILES.html;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /user/templates: every saved generation with preview, copy, download and delete. */
export function TemplatesPage() {
  useDocumentTitle("My Templates - Mailsmith");
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<TTemplateSummary | null>(null);
  const q = useTemplates(page);
  const del = useDeleteTemplate();

  const withHtml = async (t: TTemplateSummary, use: (html: string) => Promise<void> | void, done: string) => {
    try {
      await use((await fetchTemplate(t._id)).html);
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, GENERATOR_MESSAGES.copyFailed));
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Templates</h1>
          <p className="mt-1 text-sm text-slate-600">Every email you generated, newest first.</p>
        </div>
        <Link to={paths.user.generateCode} className={buttonClasses("primary")}>
          Generate Email Template
        </Link>
      </div>
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
          <p className="font-semibold text-slate-900">{GENERATOR_MESSAGES.noTemplates}</p>
          <p className="mt-1 text-sm text-slate-600">{GENERATOR_MESSAGES.noTemplatesHint}</p>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {q.data.data.map((t) => (
              <li
                key={t._id}
                className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                <TemplateThumb id={t._id} title={`Preview of ${t.subject || t.emailType}`} />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge color="blue">{t.emailType.replace(/ Templates?$/, "")}</Badge>
                    {t.version > 1 && <Badge>v{t.version}</Badge>}
                    <Badge color={t.passed ? "green" : "amber"}>{t.passed ? "Passed" : "Needs review"}</Badge>
                  </div>
                  <Link
                    to={`${paths.user.templates}/${t._id}`}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {t.subject || t.emailType}
                  </Link>
                  {t.instructions && <p className="line-clamp-2 text-sm text-slate-600">{t.instructions}</p>}
                  {t.thumbnails.length > 0 && (
                    <div className="flex gap-1" aria-label="Design images">
                      {t.thumbnails.map((src, i) => (
                        <img
                          key={`${t._id}-${src.length}-${src.slice(-16)}`}
                          src={src}
                          alt={`Design ${i + 1}`}
                          className="h-8 w-8 rounded object-cover"
                        />
                      ))}
                    </div>
                  )}
                  <p className="text-xs text-slate-500">
                    {new Date(t.createdAt).toLocaleString()} · {t.credit} credit · {(t.sizeBytes / 1024).toFixed(1)} KB
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    <Link to={`${paths.user.templates}/${t._id}`} className={buttonClasses("primary", "px-3 py-1.5")}>
                      Open
                    </Link>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() =>
                        withHtml(t, (html) => navigator.clipboard.writeText(html), GENERATOR_MESSAGES.copied("HTML"))
                      }
                    >
                      Copy
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() => withHtml(t, downloadHtml, GENERATOR_MESSAGES.downloaded(GENERATOR_FILES.html))}
                    >
                      Download
                    </Button>
                    <Button variant="dangerGhost" className="px-3 py-1.5" onClick={() => setDeleting(t)}>
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <Pager
              page={page}
              pageCount={pageCountOf(q.data.total, q.data.pageSize)}
              onPageChange={setPage}
              total={q.data.total}
              pageSize={q.data.pageSize}
            />
          </div>
        </>
      )}
      <Modal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete template"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
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
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{GENERATOR_MESSAGES.deleteConfirm}</p>
      </Modal>
    </div>
  );
}

/** A scaled, sandboxed preview of one template (loaded on demand). */
function TemplateThumb({ id, title }: { id: string; title: string }) {
  const html = useTemplate(id).data?.html;
  return (
    <div className="relative h-56 overflow-hidden border-b border-slate-100 bg-slate-100">
      {html ? (
        <iframe
          title={title}
          sandbox=""
          srcDoc={html}
          tabIndex={-1}
          className="pointer-events-none absolute top-0 left-0 h-[896px] w-[640px] origin-top-left scale-50 border-0 bg-white"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-brand-600">
          <Spinner />
        </div>
      )}
    </div>
  );
}
