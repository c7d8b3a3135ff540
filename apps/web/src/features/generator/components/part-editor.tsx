import {
  GENERATOR_LIMITS,
  TEMPLATE_EDIT_TEXTS as T,
  type TEditablePart,
  TEMPLATE_EDIT_LIMITS,
} from "@mailsmith/shared";
import { useRef } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useUploadEditPicture } from "../api/template-edit";
import type { PartDraft } from "../hooks/use-edit-stack";

/**
 * The form for one part of the email (decision 126): its text; a link's or button's address and label; a button's
 * colour; a picture (replaced by an upload) and its alt text. Values are the member's draft over the part as stored.
 */
export function PartEditor({
  templateId,
  part,
  draft,
  error,
  onChange,
}: {
  templateId: string;
  part: TEditablePart;
  draft: PartDraft | undefined;
  error?: string;
  onChange: (patch: PartDraft) => void;
}) {
  const upload = useUploadEditPicture();
  const fileRef = useRef<HTMLInputElement>(null);
  const value = (k: keyof PartDraft, stored: string | null | undefined) => draft?.[k] ?? stored ?? "";
  const hrefError = error && (error === T.badScheme || error === T.badImageScheme) ? error : undefined;
  const otherError = error && !hrefError ? error : undefined;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {T.kinds[part.kind]} · {part.tag}
      </legend>
      {part.kind === "text" && (
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
      {(part.kind === "link" || part.kind === "button") && (
        <>
          {part.text !== null && (
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
