import {
  MESSAGING_MESSAGES,
  NAME_PLACEHOLDER,
  type TEmailTemplate,
  ZEmailTemplateInputSchema,
} from "@mailsmith/shared";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTemplate, useEmailTemplates, useSaveTemplate } from "../api/messaging";

type Draft = { id?: string; templateName: string; subject: string; body: string };
const empty: Draft = { templateName: "", subject: "", body: "" };

/** Create, edit and delete the email templates offered in Send Message. */
export function EmailTemplatesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const templates = useEmailTemplates(open);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bodyId = useId();

  async function submit() {
    if (!draft) return;
    const parsed = ZEmailTemplateInputSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid template");
      return;
    }
    try {
      await save.mutateAsync({ id: draft.id, body: parsed.data });
      toast.success(MESSAGING_MESSAGES.templateSaved);
      setDraft(null);
      setError(null);
    } catch (err) {
      setError(errorMessage(err, "Failed to save the template"));
    }
  }

  async function del(t: TEmailTemplate) {
    if (!window.confirm(MESSAGING_MESSAGES.confirmDeleteTemplate)) return;
    try {
      await remove.mutateAsync(t._id);
      toast.success(MESSAGING_MESSAGES.templateDeleted);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to delete the template"));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Email Templates" size="xl">
      {draft ? (
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <TextField
            label="Template name"
            value={draft.templateName}
            onChange={(e) => setDraft({ ...draft, templateName: e.target.value })}
          />
          <TextField
            label="Subject"
            value={draft.subject}
            onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
          />
          <div>
            <label htmlFor={bodyId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Body (HTML)
            </label>
            <textarea
              id={bodyId}
              rows={10}
              value={draft.body}
              onChange={(e) => setDraft({ ...draft, body: e.target.value })}
              className={`${inputClasses()} font-mono text-xs`}
            />
            <p className="mt-1 text-xs text-slate-500">Write {NAME_PLACEHOLDER} where the recipient's name goes.</p>
          </div>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending}>
              Save Template
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex justify-end">
            <Button
              onClick={() => {
                setError(null);
                setDraft({ ...empty, body: `<p>Hi ${NAME_PLACEHOLDER},</p>\n<p></p>` });
              }}
            >
              New Template
            </Button>
          </div>
          {templates.isPending ? (
            <div className="flex justify-center p-6 text-brand-600">
              <Spinner />
            </div>
          ) : templates.isError ? (
            <Alert>{errorMessage(templates.error, "Failed to load templates")}</Alert>
          ) : templates.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">No templates yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {templates.data.map((t) => (
                <li key={t._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{t.templateName}</p>
                    <p className="truncate text-sm text-slate-500">{t.subject}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setError(null);
                        setDraft({ id: t._id, templateName: t.templateName, subject: t.subject, body: t.body });
                      }}
                      aria-label={`Edit template ${t.templateName}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => void del(t)}
                      aria-label={`Delete template ${t.templateName}`}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
