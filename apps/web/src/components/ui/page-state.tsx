import { APP_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "./button";

/** A centred message page (Not Authorized, Page Not Found, errors). */
export function MessagePage({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {children && <div className="mt-3 text-slate-600">{children}</div>}
        <div className="mt-8">
          {action ?? (
            <Link to="/" className={buttonClasses("primary")}>
              {APP_UI_TEXTS.goHome}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** Stand-in for screens another issue builds, so every route in the table exists. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{APP_UI_TEXTS.comingSoon}</p>
    </section>
  );
}
