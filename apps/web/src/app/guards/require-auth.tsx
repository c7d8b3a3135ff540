import { GUARD_MESSAGES, LOGIN_REDIRECT_DEFAULT } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { MessagePage } from "@/components/ui/page-state";
import { FullScreenLoader } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/me";

/** Signed-in only: loader while auth loads, else redirect to /login remembering where the visitor was going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoader />;
  if (!me.data) {
    return (
      <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
    );
  }
  return children ?? <Outlet />;
}

/** Admin only: the server checks every admin call too; this only decides what to render. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoader />;
  if (!me.data) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (me.data.userRole !== "Admin") {
    return <MessagePage title={GUARD_MESSAGES.notAuthorizedTitle}>{GUARD_MESSAGES.notAuthorized}</MessagePage>;
  }
  return children ?? <Outlet />;
}

/** /login and /register: signed-in users go to their dashboard. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoader />;
  if (me.data) return <Navigate to={redirectTarget(location.state)} replace />;
  return children ?? <Outlet />;
}

/** Where to go after sign-in: the remembered origin page (same-site paths only), else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : LOGIN_REDIRECT_DEFAULT;
}
