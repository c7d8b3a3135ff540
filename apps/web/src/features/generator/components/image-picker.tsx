import { GENERATOR_LIMITS, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { useEffect, useId, useRef } from "react";

export interface PickedImage {
  id: string;
  file: File;
  url: string;
}

/** Checks type and size in the browser too (the server re-checks by content). Returns an error text or null. */
export function checkImages(current: PickedImage[], added: File[]): string | null {
  if (current.length + added.length > GENERATOR_LIMITS.maxImages) return GENERATOR_MESSAGES.tooManyImages;
  for (const f of added) {
    if (!(GENERATOR_LIMITS.imageMimeTypes as readonly string[]).includes(f.type)) return GENERATOR_MESSAGES.imageType;
    if (f.size > GENERATOR_LIMITS.maxImageBytes) return GENERATOR_MESSAGES.imageTooLarge;
  }
  return null;
}

/** Multi-image upload with thumbnails and remove buttons. */
export function ImagePicker({
  images,
  onAdd,
  onRemove,
  disabled,
}: {
  images: PickedImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Design Images (optional)
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        disabled={disabled || images.length >= GENERATOR_LIMITS.maxImages}
        accept={GENERATOR_LIMITS.imageMimeTypes.join(",")}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onAdd(files);
        }}
        className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
      />
      <p className="mt-1 text-xs text-slate-500">
        PNG, JPEG, WebP or GIF; up to {GENERATOR_LIMITS.maxImages} images of{" "}
        {GENERATOR_LIMITS.maxImageBytes / 1024 / 1024} MB each.
      </p>
      {images.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected images">
          {images.map((img) => (
            <li key={img.id} className="group relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
              <img src={img.url} alt={img.file.name} className="h-20 w-full object-cover" />
              <button
                type="button"
                onClick={() => onRemove(img.id)}
                disabled={disabled}
                aria-label={`Remove ${img.file.name}`}
                className="absolute top-1 right-1 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-semibold text-white hover:bg-red-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
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
