import { GUARD_MESSAGES } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { MessagePage } from "@/components/ui/page-state";
import { FullScreenLoader } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { redirectTarget, useAuth } from "@/lib/auth";

export { redirectTarget };

/*
 * Redirects follow the server's answer only: the 5-minute cached "me" may paint a page the
 * visitor is probably allowed to see, but a stale cache (session ended elsewhere) must never send anyone away.
 */

/** Signed-in only: loader while auth loads, else redirect to /login remembering where the visitor was going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, confirmed } = useAuth();
  const location = useLocation();
  if (user) return children ?? <Outlet />;
  if (!confirmed) return <FullScreenLoader />;
  return (
    <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
  );
}

/** Admin only: the server checks every admin call too; this only decides what to render. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, confirmed } = useAuth();
  const location = useLocation();
  if (user?.userRole === "Admin") return children ?? <Outlet />;
  if (!confirmed) return <FullScreenLoader />;
  if (!user) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return (
    <main>
      <MessagePage title={GUARD_MESSAGES.notAuthorizedTitle}>{GUARD_MESSAGES.notAuthorized}</MessagePage>
    </main>
  );
}

/** /login and /register: signed-in users go to their dashboard (or the remembered page) once the server says so. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user, confirmed } = useAuth();
  const location = useLocation();
  if (!confirmed) return <FullScreenLoader />;
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return children ?? <Outlet />;
}
