import type { TUser } from "@mailsmith/shared";
import { APP_UI_TEXTS, formatCredits, NAV_TEXTS } from "@mailsmith/shared";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { useSignOut } from "@/lib/auth";

export function Avatar({ user, size = "h-9 w-9" }: { user: Pick<TUser, "userName" | "profileURL">; size?: string }) {
  if (user.profileURL)
    return <img src={user.profileURL} alt="" className={`${size} rounded-full object-cover ring-2 ring-white`} />;
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {(user.userName || "?").charAt(0).toUpperCase()}
    </span>
  );
}

/** Signed-in dropdown: photo, name, role badge, Dashboard, Admin Panel (admins), credits, Logout. */
/** `compact`: photo only on the button (the member shell's top bar, where pages show the name themselves). */
export function UserMenu({ user, compact = false }: { user: TUser; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const isAdmin = user.userRole === "Admin";
  const item = "block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={APP_UI_TEXTS.accountMenu}
        className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-brand-100"
      >
        <Avatar user={user} />
        {!compact && (
          <span className="hidden max-w-32 truncate text-sm font-medium text-slate-800 sm:block">{user.userName}</span>
        )}
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
            <Avatar user={user} size="h-10 w-10" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{user.userName}</p>
              <Badge color={isAdmin ? "red" : "blue"}>
                {isAdmin ? APP_UI_TEXTS.adminArea : APP_UI_TEXTS.memberArea}
              </Badge>
            </div>
          </div>
          <Link to={paths.user.dashboard} className={item} onClick={() => setOpen(false)}>
            {NAV_TEXTS.dashboard}
          </Link>
          {isAdmin && (
            <Link to={paths.admin.dashboard} className={item} onClick={() => setOpen(false)}>
              {APP_UI_TEXTS.adminPanel}
            </Link>
          )}
          <p className="flex items-center justify-between px-4 py-2 text-sm text-slate-700">
            {APP_UI_TEXTS.credits}{" "}
            <span
              data-testid="header-credits"
              className={`font-semibold ${user.currentBalance < 0 ? "text-red-700" : "text-brand-700"}`}
            >
              {formatCredits(user.currentBalance)}
            </span>
          </p>
          <button
            type="button"
            className={`${item} border-t border-slate-100 text-red-600`}
            onClick={async () => {
              setOpen(false);
              await signOut();
              navigate("/");
            }}
          >
            {APP_UI_TEXTS.logout}
          </button>
        </div>
      )}
    </div>
  );
}
