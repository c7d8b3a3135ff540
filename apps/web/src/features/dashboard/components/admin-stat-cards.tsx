import { DASHBOARD_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useAdminStats } from "../api/admin-stats";

function Card({ to, title, children, tone }: { to: string; title: string; children: ReactNode; tone: string }) {
  return (
    <Link
      to={to}
      className="group flex flex-col justify-between rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
    >
      <span className={`inline-flex h-1.5 w-12 rounded-full ${tone}`} aria-hidden="true" />
      <h2 className="mt-4 text-sm font-medium text-slate-600">{title}</h2>
      <div className="mt-1 text-2xl font-bold text-slate-900">{children}</div>
    </Link>
  );
}

/** The four dashboard cards: counts on Orders and Users, link text on Support Messages and Settings. */
export function AdminStatCards() {
  const stats = useAdminStats();
  const count = (n: number | undefined) => (stats.isPending ? "…" : stats.isError ? "—" : n);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card to={paths.admin.orders} title={DASHBOARD_UI_TEXTS.adminStatCards.totalOrders} tone="bg-brand-500">
        <span data-testid="card-orders-count">{count(stats.data?.counts.orders)}</span>
      </Card>
      <Card to={paths.admin.users} title={DASHBOARD_UI_TEXTS.adminStatCards.totalUsers} tone="bg-teal-500">
        <span data-testid="card-users-count">{count(stats.data?.counts.users)}</span>
      </Card>
      <Card
        to={paths.admin.supportMessages}
        title={DASHBOARD_UI_TEXTS.adminStatCards.supportMessages}
        tone="bg-amber-500"
      >
        <span className="text-base font-semibold text-brand-700 group-hover:underline">
          {DASHBOARD_UI_TEXTS.adminStatCards.viewMessages}
        </span>
      </Card>
      <Card to={paths.admin.settings} title={DASHBOARD_UI_TEXTS.adminStatCards.settings} tone="bg-slate-500">
        <span className="text-base font-semibold text-brand-700 group-hover:underline">
          {DASHBOARD_UI_TEXTS.adminStatCards.openSettings}
        </span>
      </Card>
    </div>
  );
}
