import {
  BRAND_KIT_UI_TEXTS,
  EMAIL_TYPES,
  type EmailType,
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
  LOCAL_READER_TEXTS,
} from "@mailsmith/shared";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { inputClasses, TextAreaField } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { useBrandKitChoices } from "../api/brand-kits";
import type { GeneratorFormState } from "../hooks/use-generator-form";
import { noCreditsNote } from "./credits-box";
import { ImagePicker } from "./image-picker";

/** What the form says above and below its fields: key status, a re-attached run, a refused start, success. */
export interface GeneratorFormNotes {
  /** No active Gemini key (the generator cannot run). */
  noKeys: boolean;
  keysLoadError: boolean;
  reattached: boolean;
  startError: string | null;
  generated: boolean;
  /** The local reader writes the next generation: its price in credits; null when a model does. */
  localReaderCredits: number | null;
}

function VariantsField({ form, busy }: { form: GeneratorFormState; busy: boolean }) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{GENERATOR_UI.variantsLabel}</legend>
      <div className="flex flex-wrap gap-2">
        {([1, 2] as const).slice(0, GENERATION_JOB_LIMITS.maxVariants).map((n) => (
          <label
            key={n}
            className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-brand-500 ${
              form.variants === n ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-700"
            }`}
          >
            <input
              type="radio"
              name="variants"
              value={n}
              checked={form.variants === n}
              disabled={busy}
              onChange={() => form.setVariants(n)}
              className="accent-brand-600"
            />
            {n === 1 ? GENERATOR_UI.oneVariant : GENERATOR_UI.twoVariants}
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-600" data-testid="generation-cost">
        {GENERATOR_UI.cost(form.variants)}
      </p>
    </fieldset>
  );
}

/** Which brand kit the generation uses (none by default); hidden until the member has a kit. */
function BrandKitPicker({ form, busy }: { form: GeneratorFormState; busy: boolean }) {
  const kits = useBrandKitChoices();
  if (!kits.data?.length) return null;
  return (
    <div>
      <label htmlFor="brand-kit" className="mb-1.5 block text-sm font-medium text-slate-700">
        {BRAND_KIT_UI_TEXTS.picker}
      </label>
      <select
        id="brand-kit"
        value={form.brandKitId}
        disabled={busy}
        onChange={(e) => form.setBrandKitId(e.target.value)}
        className={inputClasses()}
      >
        <option value="">{BRAND_KIT_UI_TEXTS.pickerNone}</option>
        {kits.data.map((k) => (
          <option key={k.id} value={k.id}>
            {k.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The Generator's form: email type, design images, instructions, variants, Generate / Buy credits / Reset. */
export function GeneratorForm({
  form,
  busy,
  noCredits,
  credits,
  notes,
  onGenerate,
  onReset,
}: {
  form: GeneratorFormState;
  busy: boolean;
  noCredits: boolean;
  /** The balance, for the note under the buttons when it is spent or owed. */
  credits: number;
  notes: GeneratorFormNotes;
  onGenerate: () => void;
  onReset: () => void;
}) {
  return (
    <form
      className="min-w-0 space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        onGenerate();
      }}
    >
      {notes.noKeys && <Alert tone="warning">{GENERATOR_MESSAGES.noApiKeys}</Alert>}
      {notes.keysLoadError && <Alert tone="warning">{GENERATOR_MESSAGES.keysLoadError}</Alert>}
      {notes.reattached && <Alert tone="info">{GENERATOR_UI.reattached}</Alert>}
      {notes.localReaderCredits !== null && (
        <Alert tone="info" title={LOCAL_READER_TEXTS.engineName}>
          {LOCAL_READER_TEXTS.generatorNote(notes.localReaderCredits)}
        </Alert>
      )}
      <div>
        <label htmlFor="email-type" className="mb-1.5 block text-sm font-medium text-slate-700">
          {GENERATOR_UI.selectEmailType}
        </label>
        <select
          id="email-type"
          value={form.emailType}
          disabled={busy}
          onChange={(e) => form.setEmailType(e.target.value as EmailType)}
          className={inputClasses()}
        >
          {EMAIL_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <BrandKitPicker form={form} busy={busy} />
      <ImagePicker
        images={form.images}
        onAdd={form.addImages}
        onRemove={form.removeImage}
        onMove={form.moveImage}
        disabled={busy}
      />
      {form.imageErrors.length > 0 && (
        <Alert>
          <ul className="space-y-0.5">
            {form.imageErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
      <TextAreaField
        label={GENERATOR_UI.instructionsLabel}
        rows={4}
        maxLength={GENERATOR_LIMITS.maxInstructionsLength}
        value={form.instructions}
        disabled={busy}
        onChange={(e) => form.setInstructions(e.target.value)}
        placeholder={GENERATOR_UI.instructionsPlaceholder}
      />
      {/* The local reader writes one version of a design: no variants to choose. */}
      {notes.localReaderCredits === null && <VariantsField form={form} busy={busy} />}
      {form.inputError && <Alert>{form.inputError}</Alert>}
      {notes.startError && <Alert title={notes.startError}>{GENERATION_JOB_MESSAGES.notCharged}</Alert>}
      {notes.generated && <Alert tone="success">{GENERATOR_MESSAGES.generated}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} disabled={busy || noCredits}>
          {busy ? GENERATOR_UI.generating : GENERATOR_UI.generate}
        </Button>
        {noCredits && (
          <Link to={paths.user.selectPackage} className={buttonClasses("secondary")}>
            {GENERATOR_UI.buyCredits}
          </Link>
        )}
        <Button variant="secondary" onClick={onReset} disabled={busy}>
          {GENERATOR_UI.reset}
        </Button>
      </div>
      {noCredits && <p className="text-sm text-slate-600">{noCreditsNote(credits)}</p>}
    </form>
  );
}
