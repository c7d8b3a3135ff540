import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { anchors, paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/me";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";

const navLinks = [
  { label: "Home", to: "/" },
  { label: "About", to: `/#${anchors.about}` },
  { label: "Pricing", to: `/#${anchors.pricing}` },
  { label: "Testimonials", to: `/#${anchors.testimonials}` },
];

export function Header({ logoUrl }: { logoUrl?: string | null }) {
  const me = useMe();
  const [mobileOpen, setMobileOpen] = useState(false);
  const user = me.data;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/90 backdrop-blur">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
        aria-label="Main"
      >
        <Logo imageUrl={logoUrl} />
        <ul className="hidden items-center gap-8 md:flex">
          {navLinks.map((l) => (
            <li key={l.label}>
              <Link to={l.to} className="text-sm font-medium text-slate-600 hover:text-brand-700">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : me.isPending ? (
            <span className="h-9 w-24" />
          ) : (
            <>
              <Link to={paths.login} className={buttonClasses("ghost", "px-3")}>
                Login
              </Link>
              <Link to={paths.register} className={buttonClasses("primary", "px-3 sm:px-4")}>
                Join Now
              </Link>
            </>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen((v) => !v)}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {mobileOpen ? <path d="M6 6l12 12M6 18L18 6" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {mobileOpen && (
        <ul className="border-t border-slate-200 bg-white px-4 py-3 md:hidden">
          {navLinks.map((l) => (
            <li key={l.label}>
              <Link
                to={l.to}
                onClick={() => setMobileOpen(false)}
                className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {l.label}
              </Link>
            </li>
          ))}
          {!user && (
            <li>
              <Link
                to={paths.login}
                onClick={() => setMobileOpen(false)}
                className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Login
              </Link>
            </li>
          )}
        </ul>
      )}
    </header>
  );
}
