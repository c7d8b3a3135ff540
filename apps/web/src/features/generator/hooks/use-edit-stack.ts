import {
  type TEditablePart,
  TEMPLATE_EDIT_TEXTS,
  type TTemplateEdit,
  type TTextSegment,
  ZTemplateEditSchema,
} from "@mailsmith/shared";
import { useCallback, useMemo, useState } from "react";
import { sameSegments, settleSegments } from "../text-segments";

/** What the member changed on one part (only the fields they touched). */
export interface PartDraft {
  text?: string;
  /** A text that holds links: its words and links' words as the member left them (decision 140). */
  segments?: TTextSegment[];
  href?: string;
  label?: string;
  background?: string;
  src?: string;
  alt?: string;
}

interface EditState {
  drafts: Record<string, PartDraft>;
  /** The sections in their new order (null: as they are). */
  order: string[] | null;
  /** The field the last step changed: typing on in it replaces that step instead of adding one. */
  last: string | null;
}

const EMPTY: EditState = { drafts: {}, order: null, last: null };

/** The edit a part's draft makes, or null when it changes nothing. */
function editOf(part: TEditablePart, d: PartDraft): TTemplateEdit | null {
  const changed = <K extends Exclude<keyof PartDraft, "segments">>(k: K, was: string | null | undefined) =>
    d[k] !== undefined && d[k] !== (was ?? "") ? d[k] : undefined;
  switch (part.kind) {
    case "text": {
      if (part.segments) {
        // A link whose words were deleted is left out: the server removes it.
        const segments = d.segments && settleSegments(d.segments);
        return !segments || sameSegments(segments, part.segments) ? null : { op: "text", id: part.id, segments };
      }
      const text = changed("text", part.text);
      return text === undefined ? null : { op: "text", id: part.id, text };
    }
    case "link":
    case "button": {
      const href = changed("href", part.href);
      // A link inside a text has its words in that text's segments, never a label of its own.
      const label = part.within ? undefined : changed("label", part.text);
      const background = part.kind === "button" ? changed("background", part.background) : undefined;
      if (href === undefined && label === undefined && background === undefined) return null;
      return { op: part.kind, id: part.id, href, label, ...(part.kind === "button" ? { background } : {}) };
    }
    case "image": {
      const src = changed("src", part.src);
      const alt = changed("alt", part.alt);
      return src === undefined && alt === undefined ? null : { op: "image", id: part.id, src, alt };
    }
    default:
      return null;
  }
}

/**
 * The editor's unsaved changes as a stack: every change is a step, Undo steps back, Discard empties
 * it; `edits` is the list the server gets, `errors` what the shared schema refuses per part (shown at the field,
 * and saving waits until they are fixed).
 */
export function useEditStack(parts: TEditablePart[]) {
  const [stack, setStack] = useState<EditState[]>([EMPTY]);
  const state = stack[stack.length - 1]!;
  const sectionIds = useMemo(() => parts.filter((p) => p.kind === "section").map((p) => p.id), [parts]);

  /**
   * `field` names the control when two change the same draft (a link's Label and its text's words); `alone` makes the
   * change a step of its own, and typing on after it a new one (a link removed with its words: Undo brings back just it).
   */
  const change = useCallback((id: string, patch: PartDraft, field?: string, alone = false) => {
    const key = `${id}:${field ?? Object.keys(patch).join(",")}`;
    setStack((s) => {
      const top = s[s.length - 1]!;
      const drafts = { ...top.drafts, [id]: { ...top.drafts[id], ...patch } };
      const next: EditState = { ...top, drafts, last: alone ? null : key };
      return top.last === key && s.length > 1 && !alone ? [...s.slice(0, -1), next] : [...s, next];
    });
  }, []);
  const reorder = useCallback(
    (order: string[]) => setStack((s) => [...s, { ...s[s.length - 1]!, order, last: null }]),
    [],
  );
  const undo = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const discard = useCallback(() => setStack([EMPTY]), []);

  const { edits, errors } = useMemo(() => {
    const edits: TTemplateEdit[] = [];
    const errors: Record<string, string> = {};
    for (const part of parts) {
      const d = state.drafts[part.id];
      const edit = d ? editOf(part, d) : null;
      if (!edit) continue;
      const parsed = ZTemplateEditSchema.safeParse(edit);
      if (parsed.success) edits.push(parsed.data);
      else errors[part.id] = parsed.error.issues[0]?.message ?? TEMPLATE_EDIT_TEXTS.failed;
    }
    if (state.order && state.order.join() !== sectionIds.join()) edits.push({ op: "sections", order: state.order });
    return { edits, errors };
  }, [parts, state, sectionIds]);

  return {
    drafts: state.drafts,
    order: state.order ?? sectionIds,
    sectionIds,
    edits,
    errors,
    steps: stack.length - 1,
    change,
    reorder,
    undo,
    discard,
  };
}
export type EditStack = ReturnType<typeof useEditStack>;
