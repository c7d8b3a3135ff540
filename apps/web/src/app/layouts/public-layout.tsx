import { APP_UI_TEXTS } from "@mailsmith/shared";
import { Outlet } from "react-router";
import { Header } from "@/components/layout/header";
import { SiteLogo } from "@/features/content/components/site-logo";
import { SiteFooter } from "./site-footer";

/** Header and footer on every public page (they are hidden on /user and /admin, which use their own layouts). */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {APP_UI_TEXTS.skipToContent}
      </a>
      <Header logo={<SiteLogo />} />
      <main id="main-content" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
