import { COMMERCE_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** The payment page's error and unavailable states, with the spec's Return to Home button. */
export function PayNowStateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-3 text-slate-600">{children}</div>
        <Link to={paths.home} className={buttonClasses("primary", "mt-6")}>
          {COMMERCE_UI_TEXTS.payNowPage.returnToHome}
        </Link>
      </div>
    </div>
  );
}
