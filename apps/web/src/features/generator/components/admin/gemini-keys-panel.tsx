import { ADMIN_TABLE_PAGE_SIZE, GEMINI_KEY_MESSAGES, TABLE_TEXTS, type TGeminiKey } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { RowActions } from "@/components/ui/row-actions";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useGeminiKeyMutations, useGeminiKeys } from "../../api/gemini-keys";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : GEMINI_KEY_MESSAGES.never);

/** Admin settings → Gemini Keys (admin spec §2, §5, §7, §8). Keys are write-only: the table shows first 8 … last 4. */
export function GeminiKeysPanel() {
  const keys = useGeminiKeys();
  const m = useGeminiKeyMutations();
  const [name, setName] = useState("");
  const [key, setKey] = useState("");
  const [active, setActive] = useState(true);
  const [editing, setEditing] = useState<TGeminiKey | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();

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

  /** Enable or disable; the toast's Undo flips it back (one request, nothing lost). */
  const toggle = (k: TGeminiKey, undoable = true) =>
    m.toggle.mutate(k._id, {
      onSuccess: (r) =>
        toast.success(
          r.message,
          undoable ? { action: { label: TABLE_TEXTS.undo, onClick: () => toggle(k, false) } } : {},
        ),
      onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.toggleFailed)),
    });

  const startEdit = (k: TGeminiKey) => {
    setEditing(k);
    setName(k.name);
    setKey("");
    setActive(k.isActive);
    setFormError(null);
  };

  const remove = async (k: TGeminiKey) => {
    const ok = await confirm(`${GEMINI_KEY_MESSAGES.deleteConfirm} ${GEMINI_KEY_MESSAGES.deleteEffect}`, {
      title: GEMINI_KEY_MESSAGES.deleteTitle(k.name),
      confirmLabel: GEMINI_KEY_MESSAGES.actionDelete,
      danger: true,
    });
    if (!ok) return;
    m.remove.mutate(k._id, {
      onSuccess: (r) => {
        toast.success(r.message);
        if (editing?._id === k._id) resetForm();
      },
      onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.deleteFailed)),
    });
  };

  const columns: Column<TGeminiKey>[] = [
    {
      key: "name",
      header: GEMINI_KEY_MESSAGES.name,
      sortValue: (k) => k.name,
      className: "font-medium text-slate-900",
      render: (k) => k.name,
    },
    { key: "key", header: GEMINI_KEY_MESSAGES.key, className: "font-mono text-xs", render: (k) => k.keyPreview },
    {
      key: "status",
      header: GEMINI_KEY_MESSAGES.status,
      sortValue: (k) => k.isActive,
      render: (k) => (
        <Badge color={k.isActive ? "green" : "grey"}>
          {k.isActive ? GEMINI_KEY_MESSAGES.active : GEMINI_KEY_MESSAGES.inactive}
        </Badge>
      ),
    },
    {
      key: "createdAt",
      header: GEMINI_KEY_MESSAGES.created,
      sortValue: (k) => new Date(k.createdAt),
      className: "whitespace-nowrap text-slate-600",
      render: (k) => new Date(k.createdAt).toLocaleDateString(),
    },
    {
      key: "usage",
      header: GEMINI_KEY_MESSAGES.usage,
      sortValue: (k) => k.usage.calls,
      className: "text-xs text-slate-600",
      render: (k) => (
        <>
          {GEMINI_KEY_MESSAGES.usageCounts(k.usage.calls, k.usage.failures)}
          <br />
          {GEMINI_KEY_MESSAGES.lastUsed(when(k.usage.lastUsedAt))}
          {k.usage.lastStatus ? ` (${k.usage.lastStatus})` : ""}
        </>
      ),
    },
    {
      key: "actions",
      header: GEMINI_KEY_MESSAGES.actions,
      render: (k) => (
        <RowActions
          name={k.name}
          items={[
            {
              label: k.isActive ? GEMINI_KEY_MESSAGES.actionDisable : GEMINI_KEY_MESSAGES.actionEnable,
              onSelect: () => toggle(k),
            },
            { label: GEMINI_KEY_MESSAGES.actionEdit, onSelect: () => startEdit(k) },
            { label: `${GEMINI_KEY_MESSAGES.actionDelete}…`, destructive: true, onSelect: () => void remove(k) },
          ]}
        />
      ),
    },
  ];
  const table = useDataTable({
    rows: keys.data ?? [],
    columns,
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    label: GEMINI_KEY_MESSAGES.pages,
  });

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
        aria-label={editing ? GEMINI_KEY_MESSAGES.editFormLabel : GEMINI_KEY_MESSAGES.addFormLabel}
      >
        <h3 className="text-sm font-semibold text-slate-900">{editing ? `Edit “${editing.name}”` : "Add a new key"}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={GEMINI_KEY_MESSAGES.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
          <TextField
            label={GEMINI_KEY_MESSAGES.apiKey}
            type="password"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            maxLength={500}
            hint={editing ? GEMINI_KEY_MESSAGES.keepHint(editing.keyPreview) : undefined}
          />
        </div>
        <Switch checked={active} onChange={setActive} label={GEMINI_KEY_MESSAGES.active} />
        {formError && <Alert>{formError}</Alert>}
        <div className="flex gap-3">
          <Button type="submit" loading={m.create.isPending || m.update.isPending}>
            {editing ? GEMINI_KEY_MESSAGES.updateKey : GEMINI_KEY_MESSAGES.addKey}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={resetForm}>
              {GEMINI_KEY_MESSAGES.cancel}
            </Button>
          )}
        </div>
      </form>

      {keys.isError ? (
        <Alert>{errorMessage(keys.error, GEMINI_KEY_MESSAGES.fetchFailed)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rowKey={(k) => k._id}
          caption={GEMINI_KEY_MESSAGES.caption}
          loading={keys.isPending}
          empty={
            <>
              <p className="font-semibold text-slate-900">{GEMINI_KEY_MESSAGES.emptyTitle}</p>
              <p className="mt-1 text-sm text-slate-600">{GEMINI_KEY_MESSAGES.emptyHint}</p>
            </>
          }
          {...table.props}
        />
      )}
      {confirmDialog}
    </div>
  );
}
