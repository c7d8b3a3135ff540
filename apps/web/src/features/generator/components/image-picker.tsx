import { GENERATOR_LIMITS, GENERATOR_UI } from "@mailsmith/shared";
import { useEffect, useId, useRef, useState } from "react";

export interface PickedImage {
  id: string;
  file: File;
  url: string;
}

const MAX_MB = GENERATOR_LIMITS.maxImageBytes / 1024 / 1024;

/**
 * Checks type, size and count in the browser before anything is uploaded (the server re-checks by content).
 * Returns the files that may be added and one message per refused file; valid files are kept even when others fail.
 */
export function checkImages(currentCount: number, added: File[]): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  let overflow = false;
  for (const f of added) {
    if (!(GENERATOR_LIMITS.imageMimeTypes as readonly string[]).includes(f.type)) {
      errors.push(GENERATOR_UI.typeError(f.name));
    } else if (f.size > GENERATOR_LIMITS.maxImageBytes) {
      errors.push(GENERATOR_UI.sizeError(f.name, MAX_MB));
    } else if (currentCount + accepted.length >= GENERATOR_LIMITS.maxImages) {
      overflow = true;
    } else accepted.push(f);
  }
  if (overflow) {
    const left = GENERATOR_LIMITS.maxImages - currentCount;
    errors.push(GENERATOR_UI.countError(GENERATOR_LIMITS.maxImages, accepted.length ? left : 0));
  }
  return { accepted, errors };
}

/** Image files in a clipboard or drop payload (pasted screenshots get a readable name). */
export function filesFrom(data: DataTransfer | null, pastedCount = 0): File[] {
  if (!data) return [];
  const files: File[] = [];
  for (const item of [...data.items]) {
    if (item.kind !== "file") continue;
    const f = item.getAsFile();
    if (!f) continue;
    // Clipboard screenshots arrive as "image.png"; give each its own name.
    const pasted = f.name === "image.png" || !f.name;
    files.push(pasted ? new File([f], GENERATOR_UI.pastedName(pastedCount + files.length + 1), { type: f.type }) : f);
  }
  if (files.length === 0) files.push(...data.files);
  return files;
}

/**
 * Design images: a drop zone (drag and drop, paste anywhere on the page, or the file picker), thumbnails in
 * upload order with move earlier / later and remove buttons (keyboard operable), and drag to reorder.
 */
export function ImagePicker({
  images,
  onAdd,
  onRemove,
  onMove,
  disabled,
}: {
  images: PickedImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const full = images.length >= GENERATOR_LIMITS.maxImages;
  const hasFiles = (e: React.DragEvent) => [...e.dataTransfer.types].includes("Files");
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700">{GENERATOR_UI.designImages}</span>
      {/* The drop target; the file input inside it is the keyboard path. */}
      <div
        data-testid="image-drop-zone"
        onDragOver={(e) => {
          if (disabled || !hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (disabled || !hasFiles(e)) return;
          e.preventDefault();
          setOver(false);
          const files = filesFrom(e.dataTransfer);
          if (files.length) onAdd(files);
        }}
        className={`rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm transition-colors ${
          over ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-300 bg-slate-50 text-slate-600"
        } ${disabled ? "opacity-60" : ""}`}
      >
        {over ? (
          <p className="font-semibold">{GENERATOR_UI.dropNow}</p>
        ) : (
          <p>
            {GENERATOR_UI.dropHint}{" "}
            <label
              htmlFor={id}
              className={`font-semibold text-brand-700 underline-offset-2 focus-within:ring-2 focus-within:ring-brand-500 ${
                disabled || full ? "cursor-not-allowed" : "cursor-pointer hover:underline"
              }`}
            >
              {GENERATOR_UI.chooseFiles}
              <input
                id={id}
                type="file"
                multiple
                aria-label={GENERATOR_UI.designImages}
                aria-describedby={hintId}
                disabled={disabled || full}
                accept={GENERATOR_LIMITS.imageMimeTypes.join(",")}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = "";
                  if (files.length) onAdd(files);
                }}
                className="sr-only"
              />
            </label>
          </p>
        )}
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {GENERATOR_UI.uploadHint(GENERATOR_LIMITS.maxImages, MAX_MB)}
        </p>
      </div>
      {images.length > 0 && (
        <>
          <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={GENERATOR_UI.selectedImages}>
            {images.map((img, i) => (
              <li
                key={img.id}
                draggable={!disabled}
                onDragStart={(e) => {
                  dragFrom.current = i;
                  e.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(e) => {
                  if (dragFrom.current === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                }}
                onDrop={(e) => {
                  if (dragFrom.current === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                  if (dragFrom.current !== i) onMove(dragFrom.current, i);
                  dragFrom.current = null;
                }}
                onDragEnd={() => {
                  dragFrom.current = null;
                }}
                className="relative overflow-hidden rounded-lg border border-slate-200 bg-white"
              >
                <img src={img.url} alt={img.file.name} className="h-24 w-full bg-slate-100 object-cover" />
                <span className="absolute top-1 left-1 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                  {i + 1}
                </span>
                <div className="border-t border-slate-100 px-1 py-1">
                  <p className="truncate px-1 text-xs text-slate-600" title={img.file.name}>
                    {img.file.name}
                  </p>
                  <div className="flex justify-between gap-0.5">
                    <IconButton
                      label={GENERATOR_UI.moveEarlier(img.file.name)}
                      disabled={disabled || i === 0}
                      onClick={() => onMove(i, i - 1)}
                    >
                      ←
                    </IconButton>
                    <IconButton
                      label={GENERATOR_UI.moveLater(img.file.name)}
                      disabled={disabled || i === images.length - 1}
                      onClick={() => onMove(i, i + 1)}
                    >
                      →
                    </IconButton>
                    <IconButton
                      label={GENERATOR_UI.remove(img.file.name)}
                      disabled={disabled}
                      onClick={() => onRemove(img.id)}
                      danger
                    >
                      ×
                    </IconButton>
                  </div>
                </div>
              </li>
            ))}
          </ol>
          {images.length > 1 && <p className="mt-1 text-xs text-slate-500">{GENERATOR_UI.imageOrder}</p>}
        </>
      )}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex h-7 w-7 items-center justify-center rounded-md text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-30 ${
        danger ? "text-red-700 hover:bg-red-50" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {children}
    </button>
  );
}

/**
 * Adds images pasted anywhere on the page (a screenshot copied from a design tool). Text pastes into the
 * instructions box are left alone: only clipboard payloads that carry files are taken.
 */
export function usePasteImages(onAdd: (files: File[]) => void, enabled: boolean) {
  const latest = useRef(onAdd);
  latest.current = onAdd;
  const pasted = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = filesFrom(e.clipboardData, pasted.current);
      if (files.length === 0) return;
      e.preventDefault();
      pasted.current += files.length;
      latest.current(files);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [enabled]);
}

/** Revokes object URLs of images that went away. */
export function useRevokeOnUnmount(images: PickedImage[]) {
  const latest = useRef(images);
  latest.current = images;
  useEffect(
    () => () => {
      for (const i of latest.current) URL.revokeObjectURL(i.url);
    },
    [],
  );
}
