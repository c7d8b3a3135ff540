import { GENERATOR_UI, type TTemplateBrandKit } from "@mailsmith/shared";

/**
 * The brand kit a template was generated with (decision 117): its name and colours as they were then, or "Brand kit
 * deleted" once the member has deleted it. Nothing when the template was made without one.
 */
export function TemplateBrandKit({ kit }: { kit: TTemplateBrandKit | null | undefined }) {
  if (!kit) return null;
  const { primary, accent, text, background, link } = kit.palette;
  const colours = [...new Set([primary, accent, text, background, link])];
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      {kit.deleted ? (
        <span>
          {GENERATOR_UI.brandKitDeleted} <span className="text-slate-500">({kit.name})</span>
        </span>
      ) : (
        <span>
          {GENERATOR_UI.brandKitUsed} <span className="font-medium text-slate-900">{kit.name}</span>
        </span>
      )}
      <span role="img" aria-label={GENERATOR_UI.brandKitColours(kit.name)} className="inline-flex gap-1">
        {colours.map((c) => (
          <span
            key={c}
            title={c}
            className="inline-block h-4 w-4 rounded-full border border-slate-300"
            style={{ backgroundColor: c }}
          />
        ))}
      </span>
    </p>
  );
}
