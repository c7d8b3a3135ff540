import {
  MESSAGING_MESSAGES,
  NAME_PLACEHOLDER,
  type TEmailTemplate,
  USERS_MESSAGES,
  ZEmailTemplateInputSchema,
} from "@mailsmith/shared";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Column, DataTable } from "@/components/ui/data-table";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { RowActions } from "@/components/ui/row-actions";
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
  const [confirm, confirmDialog] = useConfirm();

  async function submit() {
    if (!draft) return;
    const parsed = ZEmailTemplateInputSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? USERS_MESSAGES.invalidTemplate);
      return;
    }
    try {
      await save.mutateAsync({ id: draft.id, body: parsed.data });
      toast.success(MESSAGING_MESSAGES.templateSaved);
      setDraft(null);
      setError(null);
    } catch (err) {
      setError(errorMessage(err, MESSAGING_MESSAGES.saveFailed));
    }
  }

  async function del(t: TEmailTemplate) {
    const ok = await confirm(`${MESSAGING_MESSAGES.confirmDeleteTemplate} ${MESSAGING_MESSAGES.deleteEffect}`, {
      title: MESSAGING_MESSAGES.deleteTitle(t.templateName),
      confirmLabel: MESSAGING_MESSAGES.actionDelete,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(t._id);
      toast.success(MESSAGING_MESSAGES.templateDeleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGING_MESSAGES.deleteFailed));
    }
  }

  const edit = (t: TEmailTemplate) => {
    setError(null);
    setDraft({ id: t._id, templateName: t.templateName, subject: t.subject, body: t.body });
  };
  const columns: Column<TEmailTemplate>[] = [
    {
      key: "templateName",
      header: USERS_MESSAGES.template,
      className: "font-medium text-slate-900",
      render: (t) => t.templateName,
    },
    { key: "subject", header: USERS_MESSAGES.subject, render: (t) => t.subject },
    {
      key: "actions",
      header: USERS_MESSAGES.actions,
      render: (t) => (
        <RowActions
          name={t.templateName}
          items={[
            { label: MESSAGING_MESSAGES.actionEdit, onSelect: () => edit(t) },
            { label: `${MESSAGING_MESSAGES.actionDelete}…`, destructive: true, onSelect: () => void del(t) },
          ]}
        />
      ),
    },
  ];

  return (
    <Modal open={open} onClose={onClose} title={USERS_MESSAGES.templatesTitle} size="xl">
      {draft ? (
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <TextField
            label={USERS_MESSAGES.templateName}
            value={draft.templateName}
            onChange={(e) => setDraft({ ...draft, templateName: e.target.value })}
          />
          <TextField
            label={USERS_MESSAGES.subject}
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
              {USERS_MESSAGES.cancel}
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending}>
              {USERS_MESSAGES.saveTemplate}
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
              {USERS_MESSAGES.newTemplate}
            </Button>
          </div>
          {templates.isError ? (
            <Alert>{errorMessage(templates.error, MESSAGING_MESSAGES.loadFailed)}</Alert>
          ) : (
            <DataTable
              columns={columns}
              rows={templates.data ?? []}
              rowKey={(t) => t._id}
              caption={USERS_MESSAGES.templatesCaption}
              loading={templates.isPending}
              empty={MESSAGING_MESSAGES.empty}
            />
          )}
        </div>
      )}
      {confirmDialog}
    </Modal>
  );
}
