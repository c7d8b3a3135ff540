import { GENERATOR_UI } from "@mailsmith/shared";

export interface FidelityScoreValue {
  score: number;
  parts: { structure: number; colour: number; text: number | null };
}

const tone = (n: number) => (n >= 85 ? "bg-green-600" : n >= 65 ? "bg-amber-500" : "bg-red-600");
const textTone = (n: number) => (n >= 85 ? "text-green-700" : n >= 65 ? "text-amber-700" : "text-red-700");

/**
 * How close the rendered result is to the uploaded design: a 0–100 score and its parts as bars (generator and
 * Check my email). `unavailable` replaces the text shown when there is no score.
 */
export function FidelityScore({
  fidelity,
  repaired,
  title = GENERATOR_UI.scoreTitle,
  unavailable = GENERATOR_UI.scoreUnavailable,
}: {
  fidelity: FidelityScoreValue | null;
  repaired?: boolean;
  title?: string;
  unavailable?: string;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="min-w-0 text-sm font-semibold text-slate-900">{title}</h2>
        {fidelity && (
          <p
            className={`shrink-0 text-2xl font-bold whitespace-nowrap ${textTone(fidelity.score)}`}
            data-testid="fidelity-score"
          >
            {Math.round(fidelity.score)}
            <span className="text-sm font-medium text-slate-500"> / 100</span>
          </p>
        )}
      </div>
      {fidelity ? (
        <>
          <dl className="mt-3 space-y-2 text-sm">
            {(["structure", "colour", "text"] as const).map((part) => {
              const value = fidelity.parts[part];
              const label = GENERATOR_UI.scoreParts[part]!;
              return (
                <div key={part} className="grid grid-cols-[5rem_minmax(0,1fr)_3rem] items-center gap-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="contents">
                    {value === null ? (
                      <span className="col-span-2 text-xs text-slate-500">{GENERATOR_UI.scoreNoText}</span>
                    ) : (
                      <>
                        <div
                          role="meter"
                          aria-label={label}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={Math.round(value)}
                          className="h-2 overflow-hidden rounded-full bg-slate-100"
                        >
                          <div className={`h-full rounded-full ${tone(value)}`} style={{ width: `${value}%` }} />
                        </div>
                        <span className="text-right font-medium text-slate-800">{Math.round(value)}</span>
                      </>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          {repaired && <p className="mt-3 text-xs text-slate-600">{GENERATOR_UI.repaired}</p>}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{unavailable}</p>
      )}
    </section>
  );
}
