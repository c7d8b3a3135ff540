import { TABLE_TEXTS, type TEmailReport } from "@mailsmith/shared";

export interface PreviewLabels {
  title: string;
  desktop: string;
  mobile: string;
  dark: string;
  /** Shown only when given: the phone in a mail app's forced dark mode (simulated inversion, decision 025). */
  darkForced?: string;
  /** Shown only when given: classic Outlook approximated; the label must say approximation. */
  outlook?: string;
  unavailable: string;
}

/** Wide screens: one scale for all pictures (600 : 375 : …); four pictures need a wide screen, else two by two. */
const GRID: Record<number, string> = {
  1: "grid-cols-1",
  2: "md:grid-cols-[600fr_375fr]",
  3: "md:grid-cols-[600fr_375fr_375fr]",
  4: "sm:grid-cols-2 xl:grid-cols-[600fr_375fr_375fr_375fr]",
  5: "sm:grid-cols-2 xl:grid-cols-[600fr_375fr_375fr_375fr]",
};

/**
 * The rendered pictures of an email side by side: desktop (600 px), phone (375 px), the phone in dark mode (and in
 * forced dark mode when a label is given). On wide
 * screens the columns share one scale (600 : 375 : 375), so a layout that stacks on a phone shows as a taller picture;
 * on phones they stack. Each picture scrolls inside its frame when the email is long.
 */
export function RenderedPreviews({ report, labels }: { report: TEmailReport; labels: PreviewLabels }) {
  const p = report.previews;
  const items = [
    { key: "desktop", label: labels.desktop, src: p?.desktop, width: 600 },
    { key: "mobile", label: labels.mobile, src: p?.mobile, width: 375 },
    { key: "dark", label: labels.dark, src: p?.dark, width: 375 },
    {
      key: "darkForced",
      label: labels.darkForced ?? "",
      src: labels.darkForced ? p?.darkForced : undefined,
      width: 375,
    },
    { key: "outlook", label: labels.outlook ?? "", src: labels.outlook ? p?.outlook : undefined, width: 600 },
  ].filter((i): i is typeof i & { src: string } => Boolean(i.src));
  return (
    <section aria-label={labels.title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-900">{labels.title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {labels.unavailable}
          {report.render?.reason ? ` (${report.render.reason})` : ""}
        </p>
      ) : (
        <div className={`mt-3 grid grid-cols-1 items-start gap-4 ${GRID[items.length] ?? GRID[3]}`}>
          {items.map((i) => (
            <figure key={i.key} className="min-w-0">
              <figcaption className="mb-1 text-xs font-medium text-slate-600">{i.label}</figcaption>
              {/* A long email scrolls in its frame: focusable and named, so a keyboard can scroll it (axe
                  scrollable-region-focusable). */}
              <div
                role="group"
                aria-label={TABLE_TEXTS.scrollRegionDown(i.label)}
                tabIndex={0}
                className="max-h-[36rem] overflow-y-auto rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={i.src}
                  alt={`${i.label} preview`}
                  width={i.width}
                  className="mx-auto block h-auto w-full"
                  style={{ maxWidth: i.width }}
                  decoding="async"
                />
              </div>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
