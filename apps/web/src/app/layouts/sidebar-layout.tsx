import { APP_UI_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { Logo } from "@/components/layout/logo";
import { Icon } from "@/components/ui/icon";
import * as icons from "@/components/ui/icons";
import { NavDrawer } from "./nav-drawer";
import { type SidebarLink, SideNav } from "./side-nav";

export type { SidebarLink } from "./side-nav";

/** The desktop sidebar's width: named links, or the collapsed rail of icons (remembered per area). */
function useCollapsed(area: string, startCollapsed: boolean, collapseBelow: number) {
  const storageKey = `mailsmith:sidebar:${area}`;
  const [collapsed, setState] = useState(() => {
    if (typeof window === "undefined") return startCollapsed;
    const saved = window.localStorage?.getItem(storageKey);
    if (saved === "collapsed" || saved === "expanded") return saved === "collapsed";
    return startCollapsed || Boolean(window.matchMedia?.(`(max-width: ${collapseBelow - 1}px)`).matches);
  });
  const toggle = () =>
    setState((v) => {
      try {
        window.localStorage?.setItem(storageKey, v ? "expanded" : "collapsed");
      } catch {
        // storage disabled: the choice lasts for this page only
      }
      return !v;
    });
  return [collapsed, toggle] as const;
}

/**
 * Shared shell of the member and admin areas. From 1024 px: a sidebar of named links, collapsible to a
 * rail of icons. Below: no rail at all — the top bar's menu button opens the same links in a drawer, so a phone keeps
 * its whole width for the page.
 */
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
  /** Viewport width (px) under which the desktop sidebar starts collapsed. */
  collapseBelow?: number;
}) {
  const [collapsed, toggle] = useCollapsed(area, startCollapsed, collapseBelow);
  const [drawer, setDrawer] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawer(false), []);
  const { pathname } = useLocation();
  // Following a link in the drawer closes it.
  useEffect(() => {
    if (pathname) setDrawer(false);
  }, [pathname]);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        aria-label={APP_UI_TEXTS.sidebar(area)}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] lg:flex ${collapsed ? "w-16" : "w-64"}`}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-100 px-3">
          {!collapsed && <Logo />}
          <button
            type="button"
            onClick={toggle}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            aria-label={collapsed ? APP_UI_TEXTS.expandSidebar : APP_UI_TEXTS.collapseSidebar}
            aria-expanded={!collapsed}
          >
            <Icon glyph={icons.menu} />
          </button>
        </div>
        <SideNav links={links} area={area} collapsed={collapsed} />
      </aside>
      <NavDrawer open={drawer} onClose={closeDrawer} links={links} area={area} returnFocus={opener} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          className={`sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6 ${topBar ? "" : "lg:hidden"}`}
        >
          <button
            ref={opener}
            type="button"
            onClick={() => setDrawer(true)}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label={APP_UI_TEXTS.openNavigation(area)}
            aria-expanded={drawer}
            aria-controls="nav-drawer"
          >
            <Icon glyph={icons.menu} />
          </button>
          <span className="lg:hidden">
            <Logo />
          </span>
          <div className="ml-auto flex items-center gap-3">{topBar}</div>
        </header>
        <main id="main-content" tabIndex={-1} className={`min-w-0 flex-1 p-4 sm:p-6 lg:p-8 ${contentClassName}`}>
          {banner}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
