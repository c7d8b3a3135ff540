import { GENERATION_JOB_MESSAGES, GENERATOR_LIMITS, GENERATOR_UI, type TTemplateFull } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useReplaceImage } from "../api/templates";
import { checkImages } from "./image-picker";

/** The pictures cropped from the design, each with a Replace button for the member's own upload. */
export function TemplateImages({ template }: { template: TTemplateFull }) {
  const replace = useReplaceImage();
  const [busySlot, setBusySlot] = useState<number | null>(null);
  if (template.images.length === 0) return null;

  const onPick = (slot: number, file: File) => {
    const { accepted, errors } = checkImages(0, [file]);
    if (!accepted[0]) return toast.error(errors[0] ?? GENERATOR_UI.replaceFailed);
    setBusySlot(slot);
    replace.mutate(
      { id: template._id, slot, file: accepted[0] },
      {
        onSuccess: (r) => toast.success(r.message ?? GENERATION_JOB_MESSAGES.imageReplaced),
        onError: (err) => toast.error(errorMessage(err, GENERATOR_UI.replaceFailed)),
        onSettled: () => setBusySlot(null),
      },
    );
  };

  return (
    <section aria-label={GENERATOR_UI.imagesTitle} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-900">{GENERATOR_UI.imagesTitle}</h2>
      <p className="mt-1 text-xs text-slate-600">{GENERATOR_UI.imagesHint}</p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {template.images.map((img) => (
          <li key={img.slot} className="min-w-0 overflow-hidden rounded-lg border border-slate-200">
            <div className="flex h-24 items-center justify-center bg-slate-100">
              <img src={img.url} alt={img.alt} className="max-h-24 max-w-full object-contain" />
            </div>
            <div className="space-y-1.5 p-2">
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                <Badge>{GENERATOR_UI.imageKinds[img.kind] ?? img.kind}</Badge>
                <span>
                  {img.width}×{img.height}
                </span>
              </div>
              <label
                className={buttonClasses(
                  "secondary",
                  `w-full cursor-pointer px-2 py-1.5 text-xs focus-within:ring-2 focus-within:ring-brand-500 ${busySlot !== null ? "pointer-events-none opacity-60" : ""}`,
                )}
              >
                {busySlot === img.slot ? <Spinner className="h-4 w-4" /> : null}
                {busySlot === img.slot ? GENERATOR_UI.replacing : GENERATOR_UI.replace}
                <input
                  type="file"
                  className="sr-only"
                  aria-label={GENERATOR_UI.replaceImage(img.slot)}
                  accept={GENERATOR_LIMITS.imageMimeTypes.join(",")}
                  disabled={busySlot !== null}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = "";
                    if (file) onPick(img.slot, file);
                  }}
                />
              </label>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
