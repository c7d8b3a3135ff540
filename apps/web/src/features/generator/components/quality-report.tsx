import { GENERATOR_LIMITS, type TQualityReport } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The quality report of one result: size against Gmail's clipping, caniemail findings per client, alt texts, links. */
export function QualityReport({ report }: { report: TQualityReport }) {
  const sizeTone = report.sizeStatus === "ok" ? "green" : report.sizeStatus === "warn" ? "amber" : "red";
  return (
    <section aria-label="Quality report" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">Quality report</h2>
        <Badge color={report.passed ? "green" : "amber"}>{report.passed ? "Passed" : "Needs review"}</Badge>
      </div>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-700">Size</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
            <Badge color={sizeTone}>{kb(report.sizeBytes)}</Badge>
            <span>
              {report.sizeStatus === "clipped"
                ? `Gmail clips emails above ${kb(GENERATOR_LIMITS.gmailClipBytes)}: shorten it.`
                : report.sizeStatus === "warn"
                  ? `Close to Gmail's ${kb(GENERATOR_LIMITS.gmailClipBytes)} clipping limit.`
                  : `Under Gmail's ${kb(GENERATOR_LIMITS.gmailClipBytes)} clipping limit.`}
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Email clients (caniemail)</dt>
          <dd className="mt-1">
            <ul className="grid gap-2 sm:grid-cols-2">
              {report.clients.map((c) => (
                <li key={c.client} className="rounded-lg border border-slate-100 bg-slate-50 p-2">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium text-slate-800">{c.client}</span>
                    <Badge color={c.issues.length ? "red" : "green"}>
                      {c.issues.length ? `${c.issues.length} issue${c.issues.length > 1 ? "s" : ""}` : "OK"}
                    </Badge>
                  </div>
                  {c.issues.length > 0 && (
                    <ul className="mt-1 list-disc pl-5 text-xs text-red-700">
                      {c.issues.map((f) => (
                        <li key={f.feature}>
                          {f.feature} not supported ({f.platforms.join(", ")})
                        </li>
                      ))}
                    </ul>
                  )}
                  {c.fixed.length > 0 && (
                    <p className="mt-1 text-xs text-green-700">Fixed: {c.fixed.map((f) => f.feature).join(", ")}</p>
                  )}
                  {c.degrades.length > 0 && (
                    <p className="mt-1 text-xs text-slate-500">
                      Degrades gracefully: {c.degrades.map((f) => f.feature).join(", ")}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Images without alt text</dt>
          <dd className="mt-1 text-slate-600">
            {report.missingAlt.length === 0 ? (
              "None"
            ) : (
              <ul className="list-disc pl-5 text-xs break-all text-amber-800">
                {report.missingAlt.map((src) => (
                  <li key={src}>{src} (placeholder alt added: review it)</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Links that are not https</dt>
          <dd className="mt-1 text-slate-600">
            {report.insecureLinks.length === 0 ? (
              "None"
            ) : (
              <ul className="list-disc pl-5 text-xs break-all text-amber-800">
                {[...new Set(report.insecureLinks)].map((href) => (
                  <li key={href}>{href}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {report.fixes.length > 0 && (
          <div>
            <dt className="font-medium text-slate-700">Made email-safe</dt>
            <dd className="mt-1">
              <ul className="list-disc pl-5 text-xs text-slate-600">
                {report.fixes.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
