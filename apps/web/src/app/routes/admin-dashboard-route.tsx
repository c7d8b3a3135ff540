import { APP_UI_TEXTS, NAV_TEXTS } from "@mailsmith/shared";
import { AdminActivityPanel } from "@/features/dashboard/components/admin-activity-panel";
import { AdminStatCards } from "@/features/dashboard/components/admin-stat-cards";
import { UsersDirectory } from "@/features/users/components/users-directory";
import { useDocumentTitle } from "@/lib/use-document-title";

/** /admin/dashboard: the four cards, the 30-day activity panel and the users table. */
export function AdminDashboardRoute() {
  useDocumentTitle(APP_UI_TEXTS.adminDashboardDocumentTitle);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{NAV_TEXTS.dashboard}</h1>
      <AdminStatCards />
      <AdminActivityPanel />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <UsersDirectory title={APP_UI_TEXTS.adminDashboardUsers} />
      </div>
    </div>
  );
}
