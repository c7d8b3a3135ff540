import { APP_UI_TEXTS, NAV_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import * as icons from "@/components/ui/icons";
import { anchors, paths } from "@/config/paths";
import { useMe } from "@/lib/auth";
import { takeEarlyMenuTap } from "@/lib/early-menu-tap";
import { useServerOrHydrating } from "@/lib/use-server-or-hydrating";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";

const navLinks = [
  { label: NAV_TEXTS.home, to: "/" },
  { label: NAV_TEXTS.about, to: `/#${anchors.about}` },
  { label: NAV_TEXTS.pricing, to: `/#${anchors.pricing}` },
  { label: NAV_TEXTS.testimonials, to: `/#${anchors.testimonials}` },
];

/** Site header: logo, in-page anchors, Login / Join Now or the account menu; a disclosure menu on narrow screens. */
export function Header({ logo }: { logo?: ReactNode }) {
  const me = useMe();
  // A header prerendered with the landing page shows a visitor's links; hydrated, it keeps them
  // until the server's answer names a user, so the first paint and the hydrated page look the same.
  const [prerendered] = useState(useServerOrHydrating());
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const user = me.data;

  // Once the server has said who is signed in, the visitor links (if they are still the answer) may show.
  useEffect(() => {
    if (!me.isPending) document.documentElement.removeAttribute("data-session");
  }, [me.isPending]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the menu
  useEffect(() => setMobileOpen(false), [location.pathname, location.hash]);
  // A tap on the prerendered menu button before hydration opens the menu now (lib/early-menu-tap).
  useEffect(() => {
    if (takeEarlyMenuTap()) setMobileOpen(true);
  }, []);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMobileOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  const itemClass = "block rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100";
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/95 backdrop-blur">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
        aria-label={APP_UI_TEXTS.mainNav}
      >
        {logo ?? <Logo />}
        <ul className="hidden items-center gap-8 md:flex">
          {navLinks.map((l) => (
            <li key={l.label}>
              <Link to={l.to} className="rounded-md text-sm font-medium text-slate-700 hover:text-brand-700">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : me.isPending && !prerendered ? (
            <span className="h-9 w-24" />
          ) : (
            <span data-visitor-links className="flex items-center gap-2">
              <span className="hidden sm:block">
                <Link to={paths.login} className={buttonClasses("ghost")}>
                  {NAV_TEXTS.login}
                </Link>
              </span>
              <Link to={paths.register} className={buttonClasses("primary")}>
                {APP_UI_TEXTS.joinNow}
              </Link>
            </span>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={mobileOpen ? APP_UI_TEXTS.closeMenu : APP_UI_TEXTS.openMenu}
            aria-expanded={mobileOpen}
            aria-controls={menuId}
            data-menu-toggle
            onClick={() => setMobileOpen((v) => !v)}
          >
            <Icon glyph={mobileOpen ? icons.close : icons.menu} className="h-6 w-6" />
          </button>
        </div>
      </nav>
      {mobileOpen && (
        <ul id={menuId} className="border-t border-slate-200 bg-white px-4 py-3 shadow-lg md:hidden">
          {navLinks.map((l) => (
            <li key={l.label}>
              <Link to={l.to} onClick={() => setMobileOpen(false)} className={itemClass}>
                {l.label}
              </Link>
            </li>
          ))}
          {!user && (
            <li data-visitor-links>
              <Link to={paths.login} onClick={() => setMobileOpen(false)} className={itemClass}>
                {NAV_TEXTS.login}
              </Link>
            </li>
          )}
        </ul>
      )}
    </header>
  );
}
