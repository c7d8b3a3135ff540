import { APP_UI_TEXTS, GUARD_MESSAGES, NAV_TEXTS } from "@mailsmith/shared";
import { useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Every page a visitor can open from a menu (the 404 page searches them). */
const menuPages = [
  { label: NAV_TEXTS.home, to: paths.home },
  { label: NAV_TEXTS.about, to: paths.about },
  { label: NAV_TEXTS.contact, to: paths.contact },
  { label: NAV_TEXTS.login, to: paths.login },
  { label: NAV_TEXTS.register, to: paths.register },
  { label: NAV_TEXTS.resetPassword, to: paths.resetPassword },
  { label: NAV_TEXTS.terms, to: paths.terms },
  { label: NAV_TEXTS.privacy, to: paths.privacy },
  { label: NAV_TEXTS.dashboard, to: paths.user.dashboard },
  { label: NAV_TEXTS.generateTemplate, to: paths.user.generateCode },
  { label: NAV_TEXTS.checkEmail, to: paths.user.checkEmail },
  { label: NAV_TEXTS.myTemplates, to: paths.user.templates },
  { label: NAV_TEXTS.buyCredits, to: paths.user.selectPackage },
  { label: NAV_TEXTS.support, to: paths.user.support },
  { label: NAV_TEXTS.pendingPayments, to: paths.user.pendingPayment },
  { label: NAV_TEXTS.subscriptionHistory, to: paths.user.subscriptionHistory },
  { label: NAV_TEXTS.myOrders, to: paths.user.orders },
  { label: NAV_TEXTS.profile, to: paths.updateProfile },
];

/** The catch-all page, inside the site's layout: a way home and a search of the menu. */
export function NotFoundRoute() {
  useDocumentTitle(`${GUARD_MESSAGES.notFound} - Mailsmith`);
  const [query, setQuery] = useState("");
  const inputId = useId();
  const q = query.trim().toLowerCase();
  const matches = q ? menuPages.filter((p) => p.label.toLowerCase().includes(q)) : menuPages;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{GUARD_MESSAGES.notFound}</h1>
      <p className="mt-3 text-slate-600">{GUARD_MESSAGES.notFoundText}</p>
      <div className="mt-8">
        <Link to={paths.home} className={buttonClasses("primary")}>
          {APP_UI_TEXTS.goHome}
        </Link>
      </div>
      <div className="mt-10 text-left">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {GUARD_MESSAGES.notFoundSearchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={APP_UI_TEXTS.notFoundSearchPlaceholder}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        {matches.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{GUARD_MESSAGES.notFoundNoMatch}</p>
        ) : (
          <ul className="mt-3 grid gap-1 sm:grid-cols-2" aria-label={APP_UI_TEXTS.pages}>
            {matches.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className="block rounded-md px-3 py-2 text-sm text-brand-700 hover:bg-brand-50">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
