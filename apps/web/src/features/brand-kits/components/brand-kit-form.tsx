import {
  BRAND_KIT_LIMITS,
  BRAND_PALETTE_ROLES,
  contrastRatio,
  BRAND_KIT_UI_TEXTS as T,
  type TBrandKit,
  type TBrandKitInput,
  type TBrandPalette,
} from "@mailsmith/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { paletteFromImage, uploadLogo, useSaveBrandKit } from "../api/brand-kits";

const EMPTY: TBrandKitInput = {
  name: "",
  logoUrl: null,
  palette: { primary: "#1d4ed8", accent: "#f59e0b", text: "#111827", background: "#ffffff", link: "#1d4ed8" },
  font: { name: "", stylesheetUrl: null, fallback: "Arial, Helvetica, sans-serif" },
  footer: { address: "", social: [] },
  tone: [],
};

type SocialLink = { label: string; url: string };

/** Rows the member left entirely empty are dropped; a half-filled row goes to the server, which says what is wrong. */
const socialRows = (rows: SocialLink[]) =>
  rows.map((r) => ({ label: r.label.trim(), url: r.url.trim() })).filter((r) => r.label || r.url);

/** Create or edit one kit: colours from a design (then editable, with contrast hints), logo, font, footer, tone. */
export function BrandKitForm({ kit, onDone }: { kit?: TBrandKit; onDone: () => void }) {
  const [draft, setDraft] = useState<TBrandKitInput>(kit ?? EMPTY);
  const [social, setSocial] = useState<SocialLink[]>(kit?.footer?.social ?? []);
  const setRow = (i: number, row: Partial<SocialLink>) =>
    setSocial((rows) => rows.map((r, j) => (j === i ? { ...r, ...row } : r)));
  const [tone, setTone] = useState((kit?.tone ?? []).join(", "));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveBrandKit();
  const palette = draft.palette;
  const setColour = (role: keyof TBrandPalette, value: string) =>
    setDraft((d) => ({ ...d, palette: { ...d.palette, [role]: value } }));

  const fromImage = async (file: File | undefined, what: "palette" | "logo") => {
    if (!file) return;
    setBusy(what);
    setError(null);
    try {
      if (what === "palette") {
        const p = await paletteFromImage(file);
        setDraft((d) => ({ ...d, palette: p }));
      } else {
        const url = await uploadLogo(file);
        setDraft((d) => ({ ...d, logoUrl: url }));
      }
    } catch (err) {
      setError(errorMessage(err, T.extracting));
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setError(null);
    const body: TBrandKitInput = {
      ...draft,
      footer: { address: draft.footer?.address ?? "", social: socialRows(social) },
      tone: tone
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean),
    };
    try {
      await save.mutateAsync({ id: kit?.id, kit: body });
      onDone();
    } catch (err) {
      setError(errorMessage(err, T.save));
    }
  };

  return (
    <form
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
      aria-label={kit ? kit.name : T.newKit}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={T.name}
        value={draft.name}
        required
        maxLength={80}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <label className="block text-sm font-medium text-slate-700">
        {T.fromDesign}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="mt-1 block w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
          data-testid="kit-design"
          onChange={(e) => void fromImage(e.target.files?.[0], "palette")}
        />
      </label>
      {busy === "palette" && <p className="text-sm text-slate-600">{T.extracting}</p>}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{T.palette}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {BRAND_PALETTE_ROLES.map((role) => {
            const ratio = role === "background" ? null : contrastRatio(palette[role], palette.background);
            return (
              <div key={role} className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={T.roles[role]}
                  value={palette[role]}
                  onChange={(e) => setColour(role, e.target.value)}
                />
                <span className="text-sm">
                  {T.roles[role]} <code data-testid={`kit-${role}`}>{palette[role]}</code>
                  {ratio !== null && (
                    <span className={`block text-xs ${ratio < 4.5 ? "text-amber-700" : "text-slate-500"}`}>
                      {ratio < 4.5 ? T.contrastLow(ratio.toFixed(1)) : T.contrastOk(ratio.toFixed(1))}
                    </span>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </fieldset>
      <label className="block text-sm font-medium text-slate-700">
        {T.logo}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="mt-1 block w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
          onChange={(e) => void fromImage(e.target.files?.[0], "logo")}
        />
      </label>
      {draft.logoUrl && (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={draft.logoUrl}
            alt={T.logoAlt(draft.name)}
            className="h-12 w-auto max-w-full rounded border border-slate-200 bg-white p-1"
          />
          <Button variant="secondary" onClick={() => setDraft({ ...draft, logoUrl: null })}>
            {T.removeLogo}
          </Button>
        </div>
      )}
      <TextField
        label={T.fontName}
        value={draft.font.name}
        onChange={(e) => setDraft({ ...draft, font: { ...draft.font, name: e.target.value } })}
      />
      <TextField
        label={T.fontLink}
        type="url"
        value={draft.font.stylesheetUrl ?? ""}
        onChange={(e) => setDraft({ ...draft, font: { ...draft.font, stylesheetUrl: e.target.value || null } })}
      />
      <TextField
        label={T.fontFallback}
        value={draft.font.fallback}
        onChange={(e) => setDraft({ ...draft, font: { ...draft.font, fallback: e.target.value } })}
      />
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">{T.footer}</legend>
        <p className="text-xs text-slate-500">{T.footerHint}</p>
        <TextAreaField
          label={T.address}
          rows={3}
          maxLength={BRAND_KIT_LIMITS.maxAddressLength}
          hint={T.addressHint}
          value={draft.footer?.address ?? ""}
          onChange={(e) =>
            setDraft({ ...draft, footer: { social: draft.footer?.social ?? [], address: e.target.value } })
          }
        />
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700">{T.social}</p>
          {social.length === 0 && <p className="text-xs text-slate-500">{T.socialNone}</p>}
          <ul className="space-y-2">
            {social.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their place in the list
              <li key={i} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
                <TextField
                  label={T.socialLabel(i + 1)}
                  value={row.label}
                  maxLength={40}
                  placeholder="Instagram"
                  onChange={(e) => setRow(i, { label: e.target.value })}
                />
                <TextField
                  label={T.socialUrl(i + 1)}
                  type="url"
                  value={row.url}
                  placeholder="https://"
                  onChange={(e) => setRow(i, { url: e.target.value })}
                />
                <Button
                  variant="secondary"
                  className="justify-self-start sm:justify-self-auto"
                  aria-label={T.socialRemove(i + 1)}
                  onClick={() => setSocial((rows) => rows.filter((_, j) => j !== i))}
                >
                  ✕
                </Button>
              </li>
            ))}
          </ul>
          {social.length < BRAND_KIT_LIMITS.maxSocialLinks ? (
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => setSocial((rows) => [...rows, { label: "", url: "" }])}
            >
              {T.socialAdd}
            </Button>
          ) : (
            <p className="mt-2 text-xs text-slate-500">{T.socialMax(BRAND_KIT_LIMITS.maxSocialLinks)}</p>
          )}
        </div>
      </fieldset>
      <TextField label={T.tone} value={tone} onChange={(e) => setTone(e.target.value)} />
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-3">
        <Button type="submit" loading={save.isPending} disabled={Boolean(busy)}>
          {save.isPending ? T.saving : T.save}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
