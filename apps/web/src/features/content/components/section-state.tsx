import { CONTENT_PUBLIC_UI_TEXTS, CONTENT_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A landing section's failure: a titled box with the message and a Retry button that reloads the page (spec). */
export function SectionError({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="text-lg font-semibold text-red-800">{title}</p>
        <p className="mt-1 text-sm text-red-700">{message}</p>
        <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
          {CONTENT_TEXTS.retry}
        </Button>
      </div>
    </div>
  );
}

/** Loading or empty text of a landing section. */
export function SectionMessage({ children, loading = false }: { children: ReactNode; loading?: boolean }) {
  return (
    <div
      className="flex items-center justify-center gap-3 px-4 py-10 text-sm text-slate-600"
      role="status"
      aria-live="polite"
    >
      {loading && <Spinner className="h-5 w-5 text-brand-600" label={CONTENT_PUBLIC_UI_TEXTS.sectionState.loading} />}
      <span>{children}</span>
    </div>
  );
}

/** Eyebrow + heading + lead paragraph used by every landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  level = 2,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: string;
  level?: 1 | 2;
  align?: "center" | "left";
}) {
  const H = level === 1 ? "h1" : "h2";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <H id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </H>
      {lead && <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p>}
    </div>
  );
}
