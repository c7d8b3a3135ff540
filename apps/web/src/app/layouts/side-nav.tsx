import { APP_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router";
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

const linkBase = "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors";

/** A link's name beside its icon; in the collapsed rail the name is for screen readers and the tooltip only. */
const Name = ({ children, hidden }: { children: string; hidden: boolean }) => (
  <span className={hidden ? "sr-only" : "truncate"}>{children}</span>
);

/** The area's links (active one by exact path), then Menu (home) and Logout: the desktop sidebar's and the drawer's. */
export function SideNav({ links, area, collapsed }: { links: SidebarLink[]; area: string; collapsed: boolean }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <>
      <nav className="flex-1 space-y-1 overflow-y-auto p-2" aria-label={APP_UI_TEXTS.navigation(area)}>
        {links.map((l) =>
          l.newTab ? (
            <a
              key={l.to}
              href={l.to}
              target="_blank"
              rel="noopener"
              className={`${linkBase} text-slate-600 hover:bg-slate-100`}
              title={collapsed ? l.label : undefined}
            >
              {l.icon}
              <Name hidden={collapsed}>{l.label}</Name>
            </a>
          ) : (
            <NavLink
              key={l.to}
              to={l.to}
              end
              title={collapsed ? l.label : undefined}
              className={({ isActive }) =>
                `${linkBase} ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`
              }
            >
              {l.icon}
              <Name hidden={collapsed}>{l.label}</Name>
            </NavLink>
          ),
        )}
      </nav>
      <div className="space-y-1 border-t border-slate-100 p-2">
        <Link
          to="/"
          className={`${linkBase} text-slate-600 hover:bg-slate-100`}
          title={collapsed ? APP_UI_TEXTS.menu : undefined}
        >
          <Icon glyph={icons.home} />
          <Name hidden={collapsed}>{APP_UI_TEXTS.menu}</Name>
        </Link>
        <button
          type="button"
          title={collapsed ? APP_UI_TEXTS.logout : undefined}
          className={`${linkBase} w-full text-red-600 hover:bg-red-50`}
          onClick={async () => {
            await signOut();
            navigate("/");
          }}
        >
          <Icon glyph={icons.logout} />
          <Name hidden={collapsed}>{APP_UI_TEXTS.logout}</Name>
        </button>
      </div>
    </>
  );
}
