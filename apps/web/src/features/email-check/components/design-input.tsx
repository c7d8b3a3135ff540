import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const TYPES = new Set<string>(EMAIL_CHECK_LIMITS.designMimeTypes);

/** Type and size checked before upload (the server sniffs the content again). */
export function designProblem(file: File): string | null {
  if (!TYPES.has(file.type)) return EMAIL_CHECK_MESSAGES.designType;
  if (file.size > EMAIL_CHECK_LIMITS.maxDesignBytes) return EMAIL_CHECK_MESSAGES.designTooLarge;
  return null;
}

/**
 * The optional design image the email is compared with: picked with the file input or dropped on the box, shown
 * as a thumbnail with its name and a Remove button.
 */
export function DesignInput({
  value,
  onChange,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const url = useObjectUrl(value);

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = designProblem(file);
    setError(problem);
    if (!problem) onChange(file);
    if (fileRef.current) fileRef.current.value = "";
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!disabled) take(e.dataTransfer.files[0]);
      }}
      className={`rounded-lg border border-dashed border-slate-300 p-3 ${dragging ? "ring-2 ring-brand-400 ring-offset-2" : ""}`}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {EMAIL_CHECK_MESSAGES.designLabel}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-slate-500">
        {EMAIL_CHECK_MESSAGES.designHint}
      </p>
      {value && url ? (
        <div className="mt-2 flex items-center gap-3">
          <img
            src={url}
            alt=""
            className="h-16 w-16 shrink-0 rounded border border-slate-200 bg-white object-cover object-top"
          />
          {/* Name above the button: on a phone the row is narrower than a thumbnail, a file name and a button. */}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-slate-700" title={value.name}>
              {value.name}
            </p>
            <Button
              type="button"
              variant="dangerGhost"
              className="-ml-2 mt-1 px-2 py-1"
              disabled={disabled}
              onClick={() => {
                setError(null);
                onChange(null);
              }}
            >
              {EMAIL_CHECK_MESSAGES.designRemove}
            </Button>
          </div>
        </div>
      ) : (
        // The browser's own file input cut "No file chosen" to "No fil…hosen" in a phone-wide box: the input stays in
        // the tab order (visually hidden) and a second label, drawn as a button, opens it.
        <div className="mt-2">
          <input
            id={id}
            ref={fileRef}
            type="file"
            accept={EMAIL_CHECK_LIMITS.designAccept}
            aria-describedby={error ? `${hintId} ${id}-error` : hintId}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            onChange={(e) => take(e.target.files?.[0])}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center rounded-md bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-slate-200"
          >
            {EMAIL_CHECK_MESSAGES.designPick}
          </label>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** An object URL for a file, revoked when the file changes or the component goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}
