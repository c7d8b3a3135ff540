import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import { type DragEvent, useId, useRef, useState } from "react";
import { inputClasses } from "@/components/ui/field";
import { readHtmlFile } from "../validate";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The email to check: pasted into the textarea, picked with the file input or dropped anywhere on the box.
 * A file is checked here (type, size, binary) and its text goes into the textarea, so the member sees what is sent.
 */
export function HtmlInput({
  value,
  onChange,
  onError,
  error,
  disabled,
}: {
  value: string;
  onChange: (html: string) => void;
  onError: (message: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const bytes = new TextEncoder().encode(value).length;

  const take = async (file: File | undefined) => {
    if (!file) return;
    const read = await readHtmlFile(file);
    if ("error" in read) {
      onError(read.error);
      return;
    }
    onError(null);
    setFileName(file.name);
    onChange(read.html);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) void take(e.dataTransfer.files[0]);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg ${dragging ? "ring-2 ring-brand-400 ring-offset-2" : ""}`}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {EMAIL_CHECK_MESSAGES.htmlLabel}
      </label>
      <textarea
        id={id}
        rows={12}
        spellCheck={false}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          setFileName(null);
          onChange(e.target.value);
        }}
        placeholder={EMAIL_CHECK_MESSAGES.htmlPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className={`${inputClasses(Boolean(error))} font-mono text-xs`}
      />
      <div id={`${id}-hint`} className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500">
        <span>
          {fileName ? `${fileName} · ` : ""}
          {kb(bytes)} of {kb(EMAIL_CHECK_LIMITS.maxHtmlBytes)}
        </span>
        <span>{EMAIL_CHECK_MESSAGES.dropHint}</span>
      </div>
      <div className="mt-3">
        {/* The file input stays in the tab order (visually hidden); its label is the visible button. */}
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={EMAIL_CHECK_LIMITS.fileAccept}
          disabled={disabled}
          className="peer sr-only"
          onChange={(e) => {
            void take(e.target.files?.[0]);
            if (fileRef.current) fileRef.current.value = "";
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className="inline-flex cursor-pointer items-center rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:bg-slate-50"
        >
          {EMAIL_CHECK_MESSAGES.uploadLabel}
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
