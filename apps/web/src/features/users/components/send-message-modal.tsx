import {
  fillNamePlaceholder,
  fillNamePlaceholderHtml,
  NAME_PLACEHOLDER,
  type TUser,
  USERS_MESSAGES,
} from "@mailsmith/shared";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/api-client";
import { useEmailTemplates, useSendMessage } from "../api/messaging";

/**
 * Send Message: read-only recipient, template picker (fills subject and body with the recipient's
 * name, or 'User'; none clears them), HTML body with a sandboxed preview.
 */
export function SendMessageModal({
  user,
  onClose,
  onSent,
}: {
  user: TUser | null;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const templates = useEmailTemplates(Boolean(user));
  const send = useSendMessage();
  const [templateId, setTemplateId] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const ids = { template: useId(), body: useId() };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form for each recipient
  useEffect(() => {
    setTemplateId("");
    setSubject("");
    setBody("");
    setError(null);
    setPreview(false);
  }, [user?._id]);

  function pick(id: string) {
    setTemplateId(id);
    const t = templates.data?.find((x) => x._id === id);
    setSubject(t ? fillNamePlaceholder(t.subject, user?.userName) : "");
    setBody(t ? fillNamePlaceholderHtml(t.body, user?.userName) : "");
  }

  async function submit() {
    if (!user) return;
    setError(null);
    if (!subject.trim() || !body.trim()) {
      setError(USERS_MESSAGES.subjectAndMessageRequired);
      return;
    }
    try {
      const res = await send.mutateAsync({
        toEmail: user.email,
        subject,
        messageBody: body,
        templateId: templateId || null,
      });
      onSent(res.message || USERS_MESSAGES.messageSent);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status > 0 ? err.message || USERS_MESSAGES.sendFailed : USERS_MESSAGES.sendError,
      );
    }
  }

  return (
    <Modal
      open={Boolean(user)}
      onClose={onClose}
      title={USERS_MESSAGES.sendTitle}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {USERS_MESSAGES.cancel}
          </Button>
          <Button onClick={() => void submit()} loading={send.isPending}>
            {send.isPending ? USERS_MESSAGES.sending : USERS_MESSAGES.sendTitle}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error && <Alert>{error}</Alert>}
        {templates.isError && (
          <Alert>
            {USERS_MESSAGES.templatesFailed(templates.error instanceof Error ? templates.error.message : "")}
          </Alert>
        )}
        <TextField label={USERS_MESSAGES.to} value={user?.email ?? ""} readOnly aria-readonly="true" />
        <div>
          <label htmlFor={ids.template} className="mb-1.5 block text-sm font-medium text-slate-700">
            {USERS_MESSAGES.template}
          </label>
          <select
            id={ids.template}
            value={templateId}
            onChange={(e) => pick(e.target.value)}
            className={inputClasses()}
          >
            <option value="">{USERS_MESSAGES.noTemplate}</option>
            {templates.data?.map((t) => (
              <option key={t._id} value={t._id}>
                {t.templateName}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">{NAME_PLACEHOLDER} in a template becomes the recipient's name.</p>
        </div>
        <TextField label={USERS_MESSAGES.subject} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <div>
          <div className="mb-1.5 flex items-center justify-between">
            <label htmlFor={ids.body} className="block text-sm font-medium text-slate-700">
              Message (HTML)
            </label>
            <button
              type="button"
              className="text-xs font-medium text-brand-700 hover:underline"
              onClick={() => setPreview((v) => !v)}
            >
              {preview ? USERS_MESSAGES.edit : USERS_MESSAGES.preview}
            </button>
          </div>
          {preview ? (
            <iframe
              title={USERS_MESSAGES.messagePreview}
              sandbox=""
              srcDoc={body}
              className="h-64 w-full rounded-lg border border-slate-300 bg-white"
            />
          ) : (
            <textarea
              id={ids.body}
              rows={10}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className={`${inputClasses()} font-mono text-xs`}
            />
          )}
        </div>
      </div>
    </Modal>
  );
}
