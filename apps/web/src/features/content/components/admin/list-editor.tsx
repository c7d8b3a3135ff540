import { CONTENT_ADMIN_TEXTS, EDITOR_TEXTS } from "@mailsmith/shared";
import { useState } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { type EditorQuery, useEditor } from "@/components/ui/editor-frame";
import { errorMessage } from "@/lib/api-client";
import { scrollBehavior } from "@/lib/motion";
import { listWithDraft } from "../../format";

/** Which item the form holds; a new object each time, so choosing "new" again still resets the form. */
type Selection<TItem> = { item: TItem | null };

/**
 * A list whose API writes one item at a time (features, testimonials): the editor frame's form holds the item
 * being added or edited, its dirty state guards that item, and Save adds or updates it, then the form is
 * empty again for the next one.
 */
export function useListEditor<TItem extends { _id: string }, TValues extends FieldValues>({
  query,
  toForm,
  resolver,
  create,
  update,
  texts,
  resetAll,
}: {
  query: EditorQuery;
  toForm: (item: TItem | null) => TValues;
  // biome-ignore lint/suspicious/noExplicitAny: zod resolvers carry their own context and output types
  resolver?: Resolver<TValues, any, any>;
  create: (values: TValues) => Promise<unknown>;
  update: (id: string, values: TValues) => Promise<unknown>;
  /** The server's reset of the whole list to the demo content. */
  resetAll: () => Promise<unknown>;
  texts: {
    added: string;
    updated: string;
    addFailed: string;
    updateFailed: string;
    reset: string;
    resetFailed: string;
  };
}) {
  const [selection, setSelection] = useState<Selection<TItem>>({ item: null });
  const editing = selection.item;
  const editor = useEditor({
    query,
    data: selection,
    toForm: (s) => toForm(s?.item ?? null),
    resolver,
    save: async (values) => {
      if (editing) await update(editing._id, values);
      else await create(values);
      setSelection({ item: null });
      return editing ? texts.updated : texts.added;
    },
    saveError: (err) => errorMessage(err, editing ? texts.updateFailed : texts.addFailed),
    resetToDefault: {
      confirm: CONTENT_ADMIN_TEXTS.notice.resetConfirm,
      run: async () => {
        await resetAll();
        setSelection({ item: null });
        return texts.reset;
      },
      error: (err) => errorMessage(err, texts.resetFailed),
    },
  });

  /** Another item (or null: a new one) into the form; unsaved edits of the current one are given up only if asked. */
  const select = async (item: TItem | null) => {
    if (editor.dirty && !(await editor.confirm(EDITOR_TEXTS.discardConfirm, { confirmLabel: EDITOR_TEXTS.discard })))
      return;
    setSelection({ item });
    document.getElementById("item-form-heading")?.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  };

  /** Delete after a question naming the item; the form lets go of it if it held it. */
  const remove = (item: TItem, ask: string, run: () => Promise<string>, failure: (err: unknown) => string) =>
    editor.act(
      async () => {
        const message = await run();
        if (editing?._id === item._id) setSelection({ item: null });
        return message;
      },
      failure,
      { message: ask, confirmLabel: CONTENT_ADMIN_TEXTS.list.confirmDelete },
    );

  const withDraft = (items: readonly TItem[], draft: TItem) =>
    listWithDraft(items, draft, editing?._id ?? null, editor.dirty);

  return { editor, editing, select, remove, withDraft };
}

/** "Add New …" or "Edit …" over the item form, with Cancel while an item is being edited. */
export function ItemFormHeading({
  editing,
  addTitle,
  editTitle,
  onCancel,
}: {
  editing: boolean;
  addTitle: string;
  editTitle: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h3 id="item-form-heading" className="scroll-mt-24 text-base font-semibold text-slate-900">
        {editing ? editTitle : addTitle}
      </h3>
      {editing && (
        <Button variant="secondary" className="px-3 py-1.5" onClick={onCancel}>
          {CONTENT_ADMIN_TEXTS.list.cancel}
        </Button>
      )}
    </div>
  );
}
