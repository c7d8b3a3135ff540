import { formatPrice, packagePoints, type TPackage } from "@mailsmith/shared";
import type { ReactNode } from "react";

export function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-green-600" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.7-9.3a1 1 0 00-1.4-1.4L9 10.6 7.7 9.3a1 1 0 00-1.4 1.4l2 2a1 1 0 001.4 0l4-4z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** One package: name, $ price, credits, validity and its non-empty point lines with check icons. */
export function PackageCard({
  pkg,
  action,
  highlighted = false,
  headingLevel = 3,
}: {
  pkg: TPackage;
  /** One below the section heading (the member page's pricing is the page's h1). */
  headingLevel?: 2 | 3;
  action?: ReactNode;
  highlighted?: boolean;
}) {
  const points = packagePoints(pkg);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-label={pkg.packageName}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? "border-brand-500 ring-2 ring-brand-100" : "border-slate-200"}`}
    >
      <Heading className="text-lg font-semibold text-slate-900">{pkg.packageName}</Heading>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatPrice(pkg.price)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        <strong className="text-brand-700">{pkg.credit}</strong> credits · {pkg.validity} days
      </p>
      {points.length > 0 && (
        <ul className="mt-5 space-y-2 text-sm text-slate-700">
          {points.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: point lines may repeat; their order is their identity
            <li key={i} className="flex gap-2">
              <CheckIcon />
              <span>{p}</span>
            </li>
          ))}
        </ul>
      )}
      {action && <div className="mt-auto pt-6">{action}</div>}
    </article>
  );
}
