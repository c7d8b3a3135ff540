import { AdminActivityPanel } from "@/features/dashboard/components/admin-activity-panel";
import { AdminStatCards } from "@/features/dashboard/components/admin-stat-cards";
import { UsersDirectory } from "@/features/users/components/users-directory";
import { useDocumentTitle } from "@/lib/use-document-title";

/** /admin/dashboard: the four cards, the 30-day activity panel and the users table. */
export function AdminDashboardRoute() {
  useDocumentTitle("Dashboard - Mailsmith Admin");
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <AdminStatCards />
      <AdminActivityPanel />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <UsersDirectory title="Users" />
      </div>
    </div>
  );
}
