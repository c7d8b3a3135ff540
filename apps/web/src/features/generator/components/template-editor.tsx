import { TEMPLATE_EDIT_TEXTS as T, type TEditablePart, type TTemplateFull } from "@mailsmith/shared";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useSaveTemplateEdits, useTemplateParts } from "../api/template-edit";
import { type EditStack, useEditStack } from "../hooks/use-edit-stack";
import { withLinkWords } from "../text-segments";
import { type LinkInText, PartEditor } from "./part-editor";
import { SectionList } from "./section-list";

const summary = (p: TEditablePart) => {
  const s = p.kind === "image" ? (p.alt ?? p.src?.split("/").pop() ?? "") : (p.text ?? p.href ?? "");
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
};

/** The parts to pick from, grouped by section: each a button showing its kind and words; changed ones marked. */
function PartList({
  parts,
  selected,
  stack,
  onPick,
}: {
  parts: TEditablePart[];
  selected: string | null;
  stack: EditStack;
  onPick: (id: string) => void;
}) {
  const editable = parts.filter((p) => p.kind !== "section");
  const names = new Map(parts.filter((p) => p.kind === "section").map((p) => [p.id, p.name ?? p.id]));
  const groups = new Map<string, TEditablePart[]>();
  for (const p of editable) groups.set(p.section ?? "", [...(groups.get(p.section ?? "") ?? []), p]);
  return (
    <nav aria-label={T.partsLabel} className="max-h-96 space-y-3 overflow-y-auto pr-1">
      {[...groups].map(([section, list]) => (
        <div key={section || "body"}>
          {section && (
            <p className="mb-1 truncate text-xs font-semibold text-slate-500 uppercase">{names.get(section)}</p>
          )}
          <ul className="space-y-1">
            {list.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={selected === p.id}
                  onClick={() => onPick(p.id)}
                  className={`flex w-full items-baseline gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${
                    selected === p.id ? "bg-brand-50 ring-2 ring-brand-500" : "hover:bg-slate-100"
                  }`}
                >
                  <span className="w-14 shrink-0 text-xs font-semibold text-slate-600">{T.kinds[p.kind]}</span>
                  <span className="min-w-0 flex-1 truncate text-slate-800">{summary(p)}</span>
                  {stack.drafts[p.id] && (
                    <span className="text-xs font-semibold text-brand-700" aria-hidden="true">
                      ●
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Edit in place: the parts the server read from this version, a form for the one
 * picked, the sections, and the unsaved changes with Undo. The email itself stays in its sandboxed preview; saving
 * sends the list of edits, the server checks and renders it again and the page moves to the new version (free).
 */
export function TemplateEditor({ template }: { template: TTemplateFull }) {
  const parts = useTemplateParts(template._id);
  const list = parts.data?.parts ?? [];
  const stack = useEditStack(list);
  const save = useSaveTemplateEdits();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | null>(null);
  const part = list.find((p) => p.id === selected);
  const blocked = Object.keys(stack.errors).length > 0;
  // A text with links shows each link's address (as drafted) on hover.
  const hrefs = useMemo(
    () =>
      new Map(
        list
          .filter((p) => part && p.within === part.id)
          .map((p) => [p.id, stack.drafts[p.id]?.href ?? p.href ?? ""] as const),
      ),
    [list, part, stack.drafts],
  );
  // A link inside a text: its words are that text's words, one draft for both.
  const textOfLink = part?.within ? list.find((p) => p.id === part.within) : undefined;
  const inText: LinkInText | undefined =
    part && textOfLink?.segments
      ? {
          text: textOfLink,
          segments: stack.drafts[textOfLink.id]?.segments ?? textOfLink.segments,
          onWords: (words) =>
            stack.change(
              textOfLink.id,
              {
                segments: withLinkWords(
                  stack.drafts[textOfLink.id]?.segments ?? textOfLink.segments ?? [],
                  part.id,
                  words,
                ),
              },
              `${part.id}:label`,
            ),
          onOpenText: () => setSelected(textOfLink.id),
        }
      : undefined;

  const submit = () =>
    save.mutate(
      { id: template._id, edits: stack.edits },
      {
        onSuccess: (r) => {
          toast.success(T.saved(r.data.version));
          navigate(`${paths.user.templates}/${r.data._id}`);
        },
      },
    );

  return (
    <section
      aria-labelledby="template-editor-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id="template-editor-title" className="text-sm font-semibold text-slate-900">
          {T.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{T.intro}</p>
      </div>
      {parts.isPending ? (
        <Spinner className="h-5 w-5 text-brand-600" />
      ) : parts.isError ? (
        <Alert>{errorMessage(parts.error, T.loadFailed)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">{T.nothing}</p>
      ) : (
        <>
          <PartList parts={list} selected={selected} stack={stack} onPick={setSelected} />
          {part ? (
            <PartEditor
              key={part.id}
              templateId={template._id}
              part={part}
              draft={stack.drafts[part.id]}
              error={stack.errors[part.id] ?? (textOfLink ? stack.errors[textOfLink.id] : undefined)}
              hrefs={hrefs}
              inText={inText}
              onChange={(patch, alone) => stack.change(part.id, patch, undefined, alone)}
            />
          ) : (
            <p className="text-sm text-slate-600">{T.pick}</p>
          )}
          <SectionList
            sections={list.filter((p) => p.kind === "section")}
            order={stack.order}
            onReorder={stack.reorder}
          />
          {save.isError && <Alert>{errorMessage(save.error, T.failed)}</Alert>}
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
            <p className="mr-auto text-sm text-slate-600" aria-live="polite">
              {T.pending(stack.edits.length)}
            </p>
            <Button
              variant="ghost"
              className="px-3 py-1.5"
              disabled={stack.steps === 0 || save.isPending}
              onClick={stack.undo}
            >
              {T.undo}
            </Button>
            <Button
              variant="ghost"
              className="px-3 py-1.5"
              disabled={stack.steps === 0 || save.isPending}
              onClick={stack.discard}
            >
              {T.discard}
            </Button>
            <Button loading={save.isPending} disabled={stack.edits.length === 0 || blocked} onClick={submit}>
              {save.isPending ? T.saving : T.save}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
