import { GEMINI_KEY_MESSAGES, type TGeminiKey } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useGeminiKeyMutations, useGeminiKeys } from "../../api/gemini-keys";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

/** Admin settings → Gemini Keys (admin spec §2, §5, §7, §8). Keys are write-only: the table shows first 8 … last 4. */
export function GeminiKeysPanel() {
  const keys = useGeminiKeys();
  const m = useGeminiKeyMutations();
  const [name, setName] = useState("");
  const [key, setKey] = useState("");
  const [active, setActive] = useState(true);
  const [editing, setEditing] = useState<TGeminiKey | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TGeminiKey | null>(null);

  const resetForm = () => {
    setName("");
    setKey("");
    setActive(true);
    setEditing(null);
    setFormError(null);
  };

  const submit = () => {
    setFormError(null);
    if (!name.trim() || (!editing && !key.trim())) return setFormError(GEMINI_KEY_MESSAGES.required);
    if (editing) {
      m.update.mutate(
        { id: editing._id, body: { name, key, isActive: active } },
        {
          onSuccess: (r) => {
            toast.success(r.message);
            resetForm();
          },
          onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.updateFailed)),
        },
      );
    } else {
      m.create.mutate(
        { name, key, isActive: active },
        {
          onSuccess: (r) => {
            toast.success(r.message);
            resetForm();
          },
          onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.addFailed)),
        },
      );
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h2 className="text-xl font-bold text-slate-900">{GEMINI_KEY_MESSAGES.title}</h2>
        <Badge color="blue">
          <span data-testid="gemini-key-count">{keys.data?.length ?? 0}</span>
        </Badge>
      </div>

      <form
        className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        aria-label={editing ? "Edit API key" : "Add API key"}
      >
        <h3 className="text-sm font-semibold text-slate-900">{editing ? `Edit “${editing.name}”` : "Add a new key"}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          <TextField
            label="API Key"
            type="password"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            maxLength={500}
            hint={editing ? `Current: ${editing.keyPreview}. Leave blank to keep it.` : undefined}
          />
        </div>
        <Switch checked={active} onChange={setActive} label="Active" />
        {formError && <Alert>{formError}</Alert>}
        <div className="flex gap-3">
          <Button type="submit" loading={m.create.isPending || m.update.isPending}>
            {editing ? "Update Key" : "Add Key"}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={resetForm}>
              Cancel
            </Button>
          )}
        </div>
      </form>

      {keys.isPending ? (
        <div className="flex justify-center p-8 text-brand-600">
          <Spinner />
        </div>
      ) : keys.isError ? (
        <Alert>{errorMessage(keys.error, GEMINI_KEY_MESSAGES.fetchFailed)}</Alert>
      ) : keys.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold text-slate-900">{GEMINI_KEY_MESSAGES.emptyTitle}</p>
          <p className="mt-1 text-sm text-slate-600">{GEMINI_KEY_MESSAGES.emptyHint}</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Key</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Created</th>
                <th className="px-4 py-3">Usage</th>
                <th className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.data.map((k) => (
                <tr key={k._id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{k.name}</td>
                  <td className="px-4 py-3 font-mono text-xs">{k.keyPreview}</td>
                  <td className="px-4 py-3">
                    <Badge color={k.isActive ? "green" : "grey"}>{k.isActive ? "Active" : "Inactive"}</Badge>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{new Date(k.createdAt).toLocaleDateString()}</td>
                  <td className="px-4 py-3 text-xs text-slate-600">
                    {k.usage.calls} calls · {k.usage.failures} failures
                    <br />
                    Last used: {when(k.usage.lastUsedAt)}
                    {k.usage.lastStatus ? ` (${k.usage.lastStatus})` : ""}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        onClick={() =>
                          m.toggle.mutate(k._id, {
                            onSuccess: (r) => toast.success(r.message),
                            onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.toggleFailed)),
                          })
                        }
                      >
                        {k.isActive ? "Disable" : "Enable"}
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        onClick={() => {
                          setEditing(k);
                          setName(k.name);
                          setKey("");
                          setActive(k.isActive);
                          setFormError(null);
                        }}
                      >
                        Edit
                      </Button>
                      <Button variant="dangerGhost" className="px-3 py-1.5" onClick={() => setDeleting(k)}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Modal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete API key"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={m.remove.isPending}
              onClick={() =>
                deleting &&
                m.remove.mutate(deleting._id, {
                  onSuccess: (r) => {
                    toast.success(r.message);
                    if (editing?._id === deleting._id) resetForm();
                    setDeleting(null);
                  },
                  onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.deleteFailed)),
                })
              }
            >
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{GEMINI_KEY_MESSAGES.deleteConfirm}</p>
      </Modal>
    </div>
  );
}
