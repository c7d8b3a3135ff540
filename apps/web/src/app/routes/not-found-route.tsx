import { GUARD_MESSAGES } from "@mailsmith/shared";
import { useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Every page a visitor can open from a menu (the 404 page searches them). */
const menuPages = [
  { label: "Home", to: paths.home },
  { label: "About", to: paths.about },
  { label: "Contact", to: paths.contact },
  { label: "Login", to: paths.login },
  { label: "Register", to: paths.register },
  { label: "Reset password", to: paths.resetPassword },
  { label: "Terms of Service", to: paths.terms },
  { label: "Privacy Policy", to: paths.privacy },
  { label: "Dashboard", to: paths.user.dashboard },
  { label: "Generate Template", to: paths.user.generateCode },
  { label: "Check my email", to: paths.user.checkEmail },
  { label: "My Templates", to: paths.user.templates },
  { label: "Buy Credits", to: paths.user.selectPackage },
  { label: "Support", to: paths.user.support },
  { label: "Pending Payments", to: paths.user.pendingPayment },
  { label: "Subscription History", to: paths.user.subscriptionHistory },
  { label: "My Orders", to: paths.user.orders },
  { label: "Profile", to: paths.updateProfile },
];

/** The catch-all page, inside the site's layout: a way home and a search of the menu (issue 13 item 6). */
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
          Go to Home
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
          placeholder="e.g. pricing, support, templates"
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        {matches.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{GUARD_MESSAGES.notFoundNoMatch}</p>
        ) : (
          <ul className="mt-3 grid gap-1 sm:grid-cols-2" aria-label="Pages">
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
