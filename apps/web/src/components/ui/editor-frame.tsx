import { EDITOR_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { toast } from "sonner";
import { Button } from "./button";
import { useConfirm } from "./confirm-dialog";
import { DirtyNote, PanelHeader, PanelLoadError, PanelLoading } from "./panel";
import { useUnsavedChanges } from "./unsaved-changes";

/** The read behind an editor, as TanStack Query reports it. */
export interface EditorQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
}

/** How an editor tells the outcome of an action: a toast unless the screen has its own notice area. */
export type EditorNotify = (tone: "success" | "error", text: string) => void;

const toastNotify: EditorNotify = (tone, text) => {
  if (tone === "success") toast.success(text);
  else toast.error(text);
};

export type Confirm = ReturnType<typeof useConfirm>[0];

/** Answers whether the action ran and succeeded. */
export type EditorAct = (
  run: () => Promise<string>,
  failure: (err: unknown) => string,
  ask?: { message: string; confirmLabel: string },
) => Promise<boolean>;

export interface EditorOptions<TData, TValues extends FieldValues> {
  query: EditorQuery;
  /** The stored value being edited. A new one (loaded, saved, another list item chosen) becomes the clean form. */
  data: TData | undefined;
  /** Stored value → form values; also called with undefined for the empty form shown before anything loads. */
  toForm: (data: TData | undefined) => TValues;
  // biome-ignore lint/suspicious/noExplicitAny: zod resolvers carry their own context and output types
  resolver?: Resolver<TValues, any, any>;
  /** Writes the form; answers the success text. A throw is reported with `saveError`. */
  save: (values: TValues) => Promise<string>;
  saveError: (err: unknown) => string;
  /** The text to report when the form does not validate (nothing: the field errors speak for themselves). */
  invalid?: (errors: FieldErrors<TValues>) => string | undefined;
  /** The server's "Reset to Default": asks with `confirm`, then runs. */
  resetToDefault?: { confirm: string; run: () => Promise<string>; error: (err: unknown) => string };
  notify?: EditorNotify;
}

export interface Editor<TValues extends FieldValues> {
  form: UseFormReturn<TValues>;
  query: EditorQuery;
  dirty: boolean;
  saving: boolean;
  resetting: boolean;
  onSave: (e?: React.BaseSyntheticEvent) => Promise<void>;
  onDiscard: () => Promise<void>;
  onResetToDefault?: () => Promise<void>;
  /** The frame's confirmation dialog, for the panel's own questions. */
  confirm: Confirm;
  notify: EditorNotify;
  /** Runs one of the panel's own actions (activate, delete …) and reports it like Save; `ask` confirms first. */
  act: EditorAct;
  /** Confirmation and leave dialogs; EditorFrame renders them. */
  dialogs: ReactNode;
}

/**
 * Everything an admin content editor repeats: the form over the stored value, dirty tracking,
 * Save with its report, Discard back to the stored values, Reset to Default with a confirmation, the leave guard.
 */
export function useEditor<TData, TValues extends FieldValues>(options: EditorOptions<TData, TValues>): Editor<TValues> {
  const latest = useRef(options);
  latest.current = options;
  const { query, data } = options;
  const form = useForm<TValues>({
    resolver: options.resolver,
    defaultValues: options.toForm(query.isSuccess ? data : undefined) as DefaultValues<TValues>,
  });
  const [confirm, confirmDialog] = useConfirm();
  const [resetting, setResetting] = useState(false);
  const notify = options.notify ?? toastNotify;
  const { isDirty, isSubmitting } = form.formState;
  const leaveDialog = useUnsavedChanges(isDirty && !isSubmitting);

  useEffect(() => {
    if (query.isSuccess) form.reset(latest.current.toForm(data));
  }, [query.isSuccess, data, form]);

  const act: EditorAct = async (run, failure, ask) => {
    if (ask && !(await confirm(ask.message, { confirmLabel: ask.confirmLabel, danger: true }))) return false;
    try {
      notify("success", await run());
      return true;
    } catch (err) {
      notify("error", failure(err));
      return false;
    }
  };

  const onSave = form.handleSubmit(
    async (values) => {
      await act(() => latest.current.save(values), latest.current.saveError);
    },
    (errors) => {
      const message = latest.current.invalid?.(errors);
      if (message) notify("error", message);
    },
  );

  const onDiscard = async () => {
    if (!(await confirm(EDITOR_TEXTS.discardConfirm, { confirmLabel: EDITOR_TEXTS.discard }))) return;
    form.reset(latest.current.toForm(latest.current.data));
  };

  const reset = options.resetToDefault;
  const onResetToDefault = reset
    ? async () => {
        setResetting(true);
        try {
          await act(reset.run, reset.error, { message: reset.confirm, confirmLabel: EDITOR_TEXTS.resetToDefault });
        } finally {
          setResetting(false);
        }
      }
    : undefined;

  return {
    form,
    query,
    dirty: isDirty,
    saving: isSubmitting,
    resetting,
    onSave,
    onDiscard,
    onResetToDefault,
    confirm,
    notify,
    act,
    dialogs: (
      <>
        {confirmDialog}
        {leaveDialog}
      </>
    ),
  };
}

/**
 * The one frame of every admin content editor: header with the panel's actions and Reset to Default, loading and
 * load-error states, the fields, a live preview of the page section drawn from the form's current values, and a
 * bar (kept in view while scrolling) with Discard, the "Unsaved changes" note and Save.
 */
export function EditorFrame<TValues extends FieldValues>({
  editor,
  title,
  description,
  headingLevel = 2,
  actions,
  loadErrorTitle,
  intro,
  empty,
  preview,
  saveLabel = EDITOR_TEXTS.save,
  saveDisabled = false,
  busy = false,
  after,
  children,
}: {
  editor: Editor<TValues>;
  title: string;
  description?: string;
  headingLevel?: 2 | 3;
  /** The panel's own buttons (activate, delete …), shown before Reset to Default. */
  actions?: ReactNode;
  loadErrorTitle: string;
  /** Between the header and the form: status cards, notices, a list to pick from. */
  intro?: ReactNode;
  /** Shown instead of the form when there is nothing stored to edit. */
  empty?: ReactNode;
  preview?: (values: TValues) => ReactNode;
  saveLabel?: string;
  saveDisabled?: boolean;
  /** Another action of the panel is running. */
  busy?: boolean;
  /** Below the form. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { query, saving, resetting, dirty } = editor;
  const locked = busy || saving || resetting;
  const header = (
    <PanelHeader
      title={title}
      description={description}
      level={headingLevel}
      actions={
        (actions || editor.onResetToDefault) && query.isSuccess ? (
          <>
            {actions}
            {editor.onResetToDefault && (
              <Button variant="secondary" onClick={editor.onResetToDefault} disabled={locked}>
                {EDITOR_TEXTS.resetToDefault}
              </Button>
            )}
          </>
        ) : undefined
      }
    />
  );
  if (query.isPending || query.isError) {
    return (
      <div className="space-y-6">
        {header}
        {query.isPending ? <PanelLoading /> : <PanelLoadError title={loadErrorTitle} message={query.error?.message} />}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {editor.dialogs}
      {header}
      {intro}
      {empty ?? (
        <form onSubmit={editor.onSave} noValidate className="space-y-5">
          {children}
          {preview && <EditorPreview>{preview(editor.form.watch())}</EditorPreview>}
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
            <DirtyNote dirty={dirty} />
            <div className="ml-auto flex flex-wrap justify-end gap-2">
              {dirty && (
                <Button variant="ghost" className="px-3" onClick={editor.onDiscard} disabled={locked}>
                  {EDITOR_TEXTS.discard}
                </Button>
              )}
              <Button
                type="submit"
                className="px-3 sm:px-4"
                loading={saving}
                disabled={busy || resetting || saveDisabled}
              >
                {saving ? EDITOR_TEXTS.saving : saveLabel}
              </Button>
            </div>
          </div>
        </form>
      )}
      {after}
    </div>
  );
}

/** The landing section being edited, drawn from the form's values; inert, so its links and buttons do nothing. */
function EditorPreview({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {EDITOR_TEXTS.preview}
        </h3>
        <p className="text-xs text-slate-600">{EDITOR_TEXTS.previewNote}</p>
      </div>
      <div className="overflow-hidden rounded-xl border border-dashed border-slate-300 bg-white" inert>
        {children}
      </div>
    </section>
  );
}
