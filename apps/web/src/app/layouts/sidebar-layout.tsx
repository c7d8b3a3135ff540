import { APP_UI_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { Logo } from "@/components/layout/logo";
import { Icon } from "@/components/ui/icon";
import * as icons from "@/components/ui/icons";
import { useSignOut } from "@/lib/auth";

export interface SidebarLink {
  label: string;
  to: string;
  icon: ReactNode;
  /** Opens in a new tab (admins' link to the admin area from the member sidebar). */
  newTab?: boolean;
}

/** Shared shell of the member and admin areas: collapsible sidebar, Menu link to /, Logout to /. */
export function SidebarLayout({
  links,
  startCollapsed,
  area,
  contentClassName = "",
  banner,
  topBar,
  collapseBelow = 1024,
}: {
  links: SidebarLink[];
  startCollapsed: boolean;
  area: string;
  contentClassName?: string;
  /** Shown above every page of the area (e.g. the e-mail verification reminder). */
  banner?: ReactNode;
  /** Right-hand side of the bar above every page of the area (the member's credit balance). */
  topBar?: ReactNode;
  /** Viewport width (px) under which the sidebar starts collapsed. */
  collapseBelow?: number;
}) {
  // Narrow screens start collapsed too, so the content keeps its width: below 1024 px, or below `collapseBelow`
  // (the admin area's wide tables need a laptop's full width, issue 13 item 8). A choice made with the toggle is
  // remembered per area.
  const storageKey = `mailsmith:sidebar:${area}`;
  const [collapsed, setCollapsedState] = useState(() => {
    if (typeof window === "undefined") return startCollapsed;
    const saved = window.localStorage?.getItem(storageKey);
    if (saved === "collapsed" || saved === "expanded") return saved === "collapsed";
    return startCollapsed || Boolean(window.matchMedia?.(`(max-width: ${collapseBelow - 1}px)`).matches);
  });
  const setCollapsed = (update: (v: boolean) => boolean) =>
    setCollapsedState((v) => {
      const next = update(v);
      try {
        window.localStorage?.setItem(storageKey, next ? "collapsed" : "expanded");
      } catch {
        // storage disabled: the choice lasts for this page only
      }
      return next;
    });
  const signOut = useSignOut();
  const navigate = useNavigate();
  const linkBase = "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors";
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        aria-label={APP_UI_TEXTS.sidebar(area)}
        className={`sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] ${collapsed ? "w-16" : "w-64"}`}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-100 px-3">
          {!collapsed && <Logo />}
          <button
            type="button"
            onClick={() => setCollapsed((v) => !v)}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            aria-label={collapsed ? APP_UI_TEXTS.expandSidebar : APP_UI_TEXTS.collapseSidebar}
            aria-expanded={!collapsed}
          >
            <Icon glyph={icons.menu} />
          </button>
        </div>
        <nav className="flex-1 space-y-1 overflow-y-auto p-2" aria-label={APP_UI_TEXTS.navigation(area)}>
          {links.map((l) =>
            l.newTab ? (
              <a
                key={l.to}
                href={l.to}
                target="_blank"
                rel="noopener"
                className={`${linkBase} text-slate-600 hover:bg-slate-100`}
                title={l.label}
              >
                {l.icon}
                <span className={collapsed ? "sr-only" : undefined}>{l.label}</span>
              </a>
            ) : (
              <NavLink
                key={l.to}
                to={l.to}
                end
                title={l.label}
                className={({ isActive }) =>
                  `${linkBase} ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`
                }
              >
                {l.icon}
                <span className={collapsed ? "sr-only" : undefined}>{l.label}</span>
              </NavLink>
            ),
          )}
        </nav>
        <div className="space-y-1 border-t border-slate-100 p-2">
          <Link to="/" className={`${linkBase} text-slate-600 hover:bg-slate-100`} title={APP_UI_TEXTS.menu}>
            <Icon glyph={icons.home} />
            <span className={collapsed ? "sr-only" : undefined}>{APP_UI_TEXTS.menu}</span>
          </Link>
          <button
            type="button"
            title={APP_UI_TEXTS.logout}
            className={`${linkBase} w-full text-red-600 hover:bg-red-50`}
            onClick={async () => {
              await signOut();
              navigate("/");
            }}
          >
            <Icon glyph={icons.logout} />
            <span className={collapsed ? "sr-only" : undefined}>{APP_UI_TEXTS.logout}</span>
          </button>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {topBar && (
          <header className="sticky top-0 z-20 flex h-14 items-center justify-end gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
            {topBar}
          </header>
        )}
        <main id="main-content" tabIndex={-1} className={`min-w-0 flex-1 p-4 sm:p-6 lg:p-8 ${contentClassName}`}>
          {banner}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
