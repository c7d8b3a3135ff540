import { Outlet } from "react-router";
import { Header } from "@/components/layout/header";
import { SiteFooter } from "./site-footer";

/** Header and footer on every public page (they are hidden on /user and /admin, which use their own layouts). */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
