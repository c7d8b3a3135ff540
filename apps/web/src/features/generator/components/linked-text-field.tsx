import type { TTextSegment } from "@mailsmith/shared";
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { inputClasses } from "@/components/ui/field";
import { sameSegments, settleSegments } from "../text-segments";

const LINK_CLASS = "rounded-sm text-brand-700 underline decoration-2 underline-offset-2";

/**
 * Draws the segments into the field with DOM calls only: each piece of words a text node, each link a span holding
 * its words as a text node. Nothing is ever parsed as markup, so the email's own HTML never runs here.
 */
function paint(el: HTMLElement, segments: readonly TTextSegment[], hrefs: ReadonlyMap<string, string>) {
  el.replaceChildren(
    ...segments.map((s) => {
      if (!s.link) return document.createTextNode(s.text);
      const span = document.createElement("span");
      span.dataset.link = s.link;
      span.className = LINK_CLASS;
      span.title = hrefs.get(s.link) ?? "";
      span.textContent = s.text;
      return span;
    }),
  );
}

/**
 * The segments the field shows now: text nodes are words, a span marked with a link id holds that link's words, a
 * <br> or a new block (what a browser may add for Enter) is a line break. A second copy of a link (a browser can
 * split a span) counts as words; a trailing <br> a browser keeps in an editable is no line the member wrote.
 */
function readSegments(root: HTMLElement): TTextSegment[] {
  const out: TTextSegment[] = [];
  const seen = new Set<string>();
  const push = (text: string, link?: string) => {
    const last = out.at(-1);
    if (last && last.link === link) last.text += text;
    else out.push(link ? { text, link } : { text });
  };
  const walk = (node: Node, link: string | undefined) => {
    node.childNodes.forEach((child, i) => {
      if (child.nodeType === Node.TEXT_NODE) push(child.textContent ?? "", link);
      else if (child instanceof HTMLElement) {
        if (child.tagName === "BR") {
          if (!(node === root && i === node.childNodes.length - 1)) push("\n", link);
          return;
        }
        if ((child.tagName === "DIV" || child.tagName === "P") && out.length) push("\n", link);
        const own = child.dataset.link;
        let id = link;
        if (own && own !== link && (!seen.has(own) || out.at(-1)?.link === own)) {
          seen.add(own);
          id = own;
        }
        walk(child, id);
      }
    });
  };
  walk(root, undefined);
  return out;
}

/**
 * A text that holds links, edited in place (decision 140): the words as one editable field with the links drawn as
 * links; typing inside a link changes its words. Plain text only: paste and drop bring text, formatting keys do
 * nothing, Enter is a line break. The field is uncontrolled while the member types; when `segments` change from
 * outside (Undo, Discard, the link's own Label field) it is drawn again.
 */
export function LinkedTextField({
  label,
  segments,
  hrefs,
  hint,
  error,
  notes,
  onChange,
}: {
  label: string;
  segments: readonly TTextSegment[];
  /** Each link's address, shown as its tooltip. */
  hrefs: ReadonlyMap<string, string>;
  hint?: ReactNode;
  error?: string;
  /** Said below the field, politely announced (a link removed with its words). */
  notes?: ReactNode;
  onChange: (segments: TTextSegment[]) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !sameSegments(settleSegments(readSegments(el)), settleSegments(segments))) paint(el, segments, hrefs);
  }, [segments, hrefs]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Browsers without plaintext-only editing (older Firefox) get a rich editable, held to plain text below.
    if (!el.isContentEditable) el.contentEditable = "true";
    const plainOnly = (e: InputEvent) => {
      if (e.inputType.startsWith("format") || e.inputType === "insertFromDrop") e.preventDefault();
    };
    el.addEventListener("beforeinput", plainOnly);
    return () => el.removeEventListener("beforeinput", plainOnly);
  }, []);

  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : null, notes ? `${id}-notes` : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        ref={ref}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        contentEditable="plaintext-only"
        suppressContentEditableWarning
        spellCheck
        className={`${inputClasses(Boolean(error))} min-h-24 cursor-text leading-relaxed break-words whitespace-pre-wrap`}
        onInput={(e) => onChange(readSegments(e.currentTarget))}
        onPaste={(e) => {
          // Only the words of what is pasted: the one way to insert text at the caret that fires input.
          e.preventDefault();
          document.execCommand("insertText", false, e.clipboardData.getData("text/plain"));
        }}
        onDrop={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          // A line break in the text (a <br> in the email), never a new block.
          e.preventDefault();
          document.execCommand("insertLineBreak");
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <div id={`${id}-notes`} aria-live="polite" className="mt-1 space-y-1 text-xs font-medium text-amber-800">
        {notes}
      </div>
    </div>
  );
}
