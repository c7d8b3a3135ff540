import {
  ADMIN_TABLE_PAGE_SIZE,
  GEMINI_HEALTH_MESSAGES,
  GEMINI_KEY_MESSAGES,
  TABLE_TEXTS,
  type TGeminiKeyDetail as TGeminiKey,
} from "@mailsmith/shared";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { DataTable, useDataTable } from "@/components/ui/data-table";
import { inputClasses, TextField } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useGeminiKeyMutations, useGeminiKeys, useGeminiModels } from "../api/gemini-keys";
import { geminiKeyColumns } from "./gemini-key-columns";
import { GeminiModelPanel } from "./gemini-model-panel";
import { LocalReaderPanel } from "./local-reader-panel";

/**
 * Admin settings → Gemini Keys (admin spec §2, §5, §7, §8). Keys are write-only: the table shows first 8 … last 4.
 * `settings`: other features' settings shown under the local reader's (the route composes them: the generator's score
 * threshold).
 */
export function GeminiKeysPanel({ settings }: { settings?: ReactNode } = {}) {
  const keys = useGeminiKeys();
  const models = useGeminiModels();
  const inUse = models.data?.inUse ?? null;
  const m = useGeminiKeyMutations();
  const [name, setName] = useState("");
  const [key, setKey] = useState("");
  const [active, setActive] = useState(true);
  // A key is Google's or an OpenAI-compatible service's (its address and model with it), chosen on add and on edit.
  const [provider, setProvider] = useState<"gemini" | "openai">("gemini");
  const [baseUrl, setBaseUrl] = useState("");
  const [model, setModel] = useState("");
  const [editing, setEditing] = useState<TGeminiKey | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const resetForm = () => {
    setName("");
    setKey("");
    setActive(true);
    setProvider("gemini");
    setBaseUrl("");
    setModel("");
    setEditing(null);
    setFormError(null);
  };

  const submit = () => {
    setFormError(null);
    if (!name.trim() || (!editing && !key.trim())) return setFormError(GEMINI_KEY_MESSAGES.required);
    if (editing) {
      m.update.mutate(
        {
          id: editing._id,
          body:
            provider === "openai"
              ? { name, key, isActive: active, provider, baseUrl: baseUrl.trim(), model: model.trim() }
              : { name, key, isActive: active, provider },
        },
        {
          onSuccess: (r) => {
            // A new key, provider, base URL or model is tested again: a refused or unchecked key is saved, and the
            // admin is told why.
            if (r.message === GEMINI_KEY_MESSAGES.updated || r.data.health.status === "ok") toast.success(r.message);
            else toast.error(r.message);
            resetForm();
          },
          onError: (err) => toast.error(errorMessage(err, GEMINI_KEY_MESSAGES.updateFailed)),
        },
      );
    } else {
      m.create.mutate(
        provider === "openai"
          ? { name, key, isActive: active, provider, baseUrl: baseUrl.trim(), model: model.trim() || undefined }
          : { name, key, isActive: active },
        {
          onSuccess: (r) => {
            // The key is tested on add: a refused or unchecked key is saved, and the admin is told why.
            if (r.data.health.status === "ok") toast.success(r.message);
            else toast.error(r.message);
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

  const test = (k: TGeminiKey) =>
    m.test.mutate(k._id, {
      onSuccess: (r) => (r.ok ? toast.success(r.message) : toast.error(r.message)),
      onError: (err) => toast.error(errorMessage(err, GEMINI_HEALTH_MESSAGES.testFetchFailed)),
    });

  const startEdit = (k: TGeminiKey) => {
    setEditing(k);
    setName(k.name);
    setKey("");
    setActive(k.isActive);
    setProvider(k.provider === "openai" ? "openai" : "gemini");
    setBaseUrl(k.baseUrl ?? "");
    setModel(k.model ?? "");
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

  const columns = geminiKeyColumns(inUse, {
    test,
    testing: (k) => m.test.isPending && m.test.variables === k._id,
    toggle,
    edit: startEdit,
    remove: (k) => void remove(k),
  });
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

      <GeminiModelPanel
        data={models.data}
        allInvalid={Boolean(
          keys.data?.some((k) => k.isActive) &&
            keys.data.filter((k) => k.isActive).every((k) => k.health.status === "invalid"),
        )}
      />

      <LocalReaderPanel />

      {settings}

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
        <div className="grid gap-4 sm:grid-cols-3">
          <label className="block text-sm font-medium text-slate-700">
            {GEMINI_KEY_MESSAGES.provider}
            <select
              className={`mt-1 ${inputClasses()}`}
              value={provider}
              onChange={(e) => setProvider(e.target.value === "openai" ? "openai" : "gemini")}
            >
              <option value="gemini">{GEMINI_KEY_MESSAGES.providerGemini}</option>
              <option value="openai">{GEMINI_KEY_MESSAGES.providerOpenAi}</option>
            </select>
          </label>
          {provider === "openai" && (
            <>
              <TextField
                label={GEMINI_KEY_MESSAGES.baseUrl}
                value={baseUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                maxLength={500}
                hint={GEMINI_KEY_MESSAGES.baseUrlHint}
              />
              <TextField
                label={GEMINI_KEY_MESSAGES.model}
                value={model}
                onChange={(e) => setModel(e.target.value)}
                maxLength={200}
                hint={GEMINI_KEY_MESSAGES.modelHint}
              />
            </>
          )}
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
