import {
  GENERATOR_LIMITS,
  TEMPLATE_EDIT_TEXTS as T,
  type TEditablePart,
  TEMPLATE_EDIT_LIMITS,
  type TTextSegment,
} from "@mailsmith/shared";
import { useRef } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useUploadEditPicture } from "../api/template-edit";
import type { PartDraft } from "../hooks/use-edit-stack";
import { linkWords, removedLinks } from "../text-segments";
import { LinkedTextField } from "./linked-text-field";

/** A link inside a text (decision 140): that text, its words now, and how to change them or go to it. */
export interface LinkInText {
  text: TEditablePart;
  segments: TTextSegment[];
  onWords: (words: string) => void;
  onOpenText: () => void;
}

const short = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/**
 * The form for one part of the email (decision 126): its text (a text with links edited in place with its links,
 * decision 140); a link's or button's address and label; a button's colour; a picture (replaced by an upload) and its
 * alt text. Values are the member's draft over the part as stored.
 */
export function PartEditor({
  templateId,
  part,
  draft,
  error,
  hrefs,
  inText,
  onChange,
}: {
  templateId: string;
  part: TEditablePart;
  draft: PartDraft | undefined;
  error?: string;
  /** A text with links: each link's address (as drafted), for the field's tooltips. */
  hrefs?: ReadonlyMap<string, string>;
  /** A link inside a text: its words are that text's. */
  inText?: LinkInText;
  /** `alone`: the change is an Undo step of its own (a link removed with its words). */
  onChange: (patch: PartDraft, alone?: boolean) => void;
}) {
  const upload = useUploadEditPicture();
  const fileRef = useRef<HTMLInputElement>(null);
  const value = (k: Exclude<keyof PartDraft, "segments">, stored: string | null | undefined) =>
    draft?.[k] ?? stored ?? "";
  const hrefError = error && (error === T.badScheme || error === T.badImageScheme) ? error : undefined;
  const otherError = error && !hrefError ? error : undefined;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {T.kinds[part.kind]} · {part.tag}
      </legend>
      {part.kind === "text" && part.segments && (
        <LinkedTextField
          label={T.textLabel}
          segments={draft?.segments ?? part.segments}
          hrefs={hrefs ?? new Map()}
          hint={part.formatted ? `${T.linkedFormattingNote} ${T.linkedTextNote}` : T.linkedTextNote}
          error={otherError}
          notes={removedLinks(part, draft?.segments ?? part.segments).map((l) => (
            <p key={l.link}>{T.linkRemoved(l.text)}</p>
          ))}
          onChange={(segments) => {
            const was = draft?.segments ?? part.segments ?? [];
            onChange({ segments }, removedLinks(part, segments).length !== removedLinks(part, was).length);
          }}
        />
      )}
      {part.kind === "text" && !part.segments && (
        <TextAreaField
          label={T.textLabel}
          rows={3}
          maxLength={TEMPLATE_EDIT_LIMITS.maxTextLength}
          value={value("text", part.text)}
          hint={part.formatted ? T.formattingNote : undefined}
          error={otherError}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      )}
      {inText && <LinkWordsInText part={part} inText={inText} error={otherError} />}
      {(part.kind === "link" || part.kind === "button") && (
        <>
          {part.text !== null && !inText && (
            <TextField
              label={T.labelLabel}
              maxLength={TEMPLATE_EDIT_LIMITS.maxLabelLength}
              value={value("label", part.text)}
              error={otherError}
              onChange={(e) => onChange({ label: e.target.value })}
            />
          )}
          <TextField
            label={T.hrefLabel}
            type="url"
            inputMode="url"
            maxLength={TEMPLATE_EDIT_LIMITS.maxUrlLength}
            value={value("href", part.href)}
            error={hrefError}
            onChange={(e) => onChange({ href: e.target.value })}
          />
        </>
      )}
      {part.kind === "button" && (
        <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
          <input
            type="color"
            className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white"
            value={value("background", part.background) || "#000000"}
            onChange={(e) => onChange({ background: e.target.value })}
          />
          {T.backgroundLabel} <span className="font-mono text-xs">{value("background", part.background)}</span>
        </label>
      )}
      {part.kind === "image" && (
        <>
          <p className="text-sm break-all text-slate-600">
            <span className="font-medium text-slate-700">{T.srcLabel}:</span> {value("src", part.src)}
          </p>
          {hrefError && <p className="text-xs text-red-600">{hrefError}</p>}
          <input
            ref={fileRef}
            type="file"
            accept={GENERATOR_LIMITS.imageMimeTypes.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={T.replacePicture}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              upload.mutate(
                { id: templateId, file },
                {
                  onSuccess: (pic) => onChange({ src: pic.url }),
                  onError: (err) => toast.error(errorMessage(err, T.failed)),
                },
              );
            }}
          />
          <Button
            type="button"
            variant="secondary"
            className="px-3 py-1.5"
            loading={upload.isPending}
            onClick={() => fileRef.current?.click()}
          >
            {upload.isPending ? T.uploading : T.replacePicture}
          </Button>
          <TextField
            label={T.altLabel}
            maxLength={TEMPLATE_EDIT_LIMITS.maxAltLength}
            value={value("alt", part.alt)}
            placeholder={part.altSuggestion}
            error={otherError}
            onChange={(e) => onChange({ alt: e.target.value })}
          />
        </>
      )}
    </fieldset>
  );
}

/** A link inside a text: its words are that text's words (one draft), so its Label edits them there. */
function LinkWordsInText({ part, inText, error }: { part: TEditablePart; inText: LinkInText; error?: string }) {
  const words = linkWords(inText.segments, part.id);
  const gone = words === undefined || !words.trim();
  return (
    <>
      {words !== undefined && (
        <TextField
          label={T.labelLabel}
          maxLength={TEMPLATE_EDIT_LIMITS.maxLabelLength}
          value={words}
          hint={T.linkWordsHere(
            short(
              inText.segments
                .map((s) => s.text)
                .join("")
                .replace(/\s+/g, " ")
                .trim(),
            ),
          )}
          error={error}
          onChange={(e) => inText.onWords(e.target.value)}
        />
      )}
      <p aria-live="polite" className="text-xs font-medium text-amber-800">
        {gone ? T.linkGone : null}
      </p>
      <Button type="button" variant="secondary" className="px-3 py-1.5" onClick={inText.onOpenText}>
        {T.editText}
      </Button>
    </>
  );
}
