import { AUTH_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/ui/icon";
import * as icons from "@/components/ui/icons";

/** Two-panel card of the auth screens: benefits on one side, the form on the other, close icon to home. */
export function AuthShell({
  heading,
  subheading,
  benefitsTitle,
  benefits,
  children,
}: {
  heading: string;
  subheading: string;
  benefitsTitle: string;
  benefits: string[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-br from-brand-50 via-white to-sky-50 px-4 py-10">
      <div className="relative grid w-full max-w-4xl overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200 md:grid-cols-5">
        <Link
          to="/"
          aria-label={AUTH_UI_TEXTS.authShell.closeAndGoToThe}
          className="absolute top-4 right-4 z-10 rounded-full p-2 text-slate-500 hover:bg-slate-100"
        >
          <Icon glyph={icons.close} className="h-5 w-5" />
        </Link>
        <aside className="hidden flex-col justify-between bg-brand-700 p-8 text-white md:col-span-2 md:flex">
          <div>
            <h2 className="text-xl font-bold">{benefitsTitle}</h2>
            <ul className="mt-6 space-y-4">
              {benefits.map((b) => (
                <li key={b} className="flex items-start gap-3 text-sm text-brand-50">
                  <Icon glyph={icons.check} className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" />
                  {b}
                </li>
              ))}
            </ul>
          </div>
          <p className="mt-10 text-xs text-brand-100">{AUTH_UI_TEXTS.authShell.mailsmithTurnsDesignsIntoEmail}</p>
        </aside>
        <section className="p-6 sm:p-10 md:col-span-3">
          <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600">{subheading}</p>
          <div className="mt-6">{children}</div>
        </section>
      </div>
    </div>
  );
}

/** The red box at the top of an auth form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {message}
    </div>
  );
}
