import { EMAIL_REPORT_UI } from "@mailsmith/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

export interface AltPicture {
  /** The picture's part id (a template's parts, or Check my email's altPictures). */
  id: string;
  src: string;
  /** The model's alt, or where its link goes or its file name: the field starts with it, for the member to confirm. */
  suggestion?: string;
}

const shortSrc = (src: string) => {
  const file = src.split(/[?#]/)[0]!.split("/").pop() || src;
  return file.length > 40 ? `${file.slice(0, 39)}…` : file;
};

/**
 * The report's "add the missing alt texts": a field per picture without alt text, prefilled with
 * the suggestion when there is one, and one button that writes them in (a new version on a template). A person writes
 * them: nothing is invented for a content picture.
 */
export function AltTextFix({
  pictures,
  pending,
  onSave,
}: {
  pictures: AltPicture[];
  pending?: boolean;
  onSave: (alts: { id: string; alt: string }[]) => void;
}) {
  const [alts, setAlts] = useState<Record<string, string>>(() =>
    Object.fromEntries(pictures.map((p) => [p.id, p.suggestion ?? ""])),
  );
  const [error, setError] = useState<string | null>(null);
  if (pictures.length === 0) return null;
  return (
    <form
      className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      aria-label={EMAIL_REPORT_UI.altTitle}
      onSubmit={(e) => {
        e.preventDefault();
        const filled = pictures.map((p) => ({ id: p.id, alt: (alts[p.id] ?? "").trim() })).filter((a) => a.alt);
        if (filled.length === 0) return setError(EMAIL_REPORT_UI.altRequired);
        setError(null);
        onSave(filled);
      }}
    >
      <p className="text-xs text-slate-600">{EMAIL_REPORT_UI.altHint}</p>
      {pictures.map((p, i) => (
        <TextField
          key={p.id}
          className="wrap-anywhere"
          label={EMAIL_REPORT_UI.altField(i + 1, shortSrc(p.src))}
          value={alts[p.id] ?? ""}
          maxLength={300}
          error={i === 0 && error ? error : undefined}
          onChange={(e) => setAlts((s) => ({ ...s, [p.id]: e.target.value }))}
        />
      ))}
      <Button type="submit" variant="secondary" className="px-3 py-1.5 text-xs" loading={pending}>
        {EMAIL_REPORT_UI.autofix["alt-text"]}
      </Button>
    </form>
  );
}
