import { DASHBOARD_CHART_DAYS, DASHBOARD_UI_TEXTS } from "@mailsmith/shared";
import { lazy, Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAdminStats } from "../api/admin-stats";

const AdminCharts = lazy(() => import("./admin-charts"));

const loading = (
  <div className="flex h-48 items-center justify-center text-brand-600">
    <Spinner />
  </div>
);

/** The dashboard's further panel: the last 30 days of activity. */
export function AdminActivityPanel() {
  const stats = useAdminStats();
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Last {DASHBOARD_CHART_DAYS} days
      </h2>
      <div className="mt-4">
        {stats.isPending ? (
          loading
        ) : stats.isError ? (
          <Alert>{errorMessage(stats.error, DASHBOARD_UI_TEXTS.adminActivityPanel.failedToLoadStatistics)}</Alert>
        ) : (
          <Suspense fallback={loading}>
            <AdminCharts daily={stats.data.daily} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
