import type { TDailyStat } from "@mailsmith/shared";
import { DASHBOARD_UI_TEXTS } from "@mailsmith/shared";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const shortDay = (d: string) => {
  const [, m, day] = d.split("-");
  return `${Number(day)}/${Number(m)}`;
};

function ChartCard({ title, total, children }: { title: string; total: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-xl border border-slate-200 p-4">
      <figcaption className="flex items-baseline justify-between">
        <span className="text-sm font-medium text-slate-600">{title}</span>
        <span className="text-lg font-bold text-slate-900">{total}</span>
      </figcaption>
      <div className="mt-3 h-48">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const axis = { tick: { fontSize: 11, fill: "#64748b" }, tickLine: false, axisLine: false } as const;

/**
 * A bar per day of one count. A plain function, not a component: ResponsiveContainer sizes its direct child, which
 * must be the chart itself.
 */
function dailyBars(daily: TDailyStat[], dataKey: "paidOrders" | "creditsSpent", label: string, fill: string) {
  return (
    <BarChart data={daily} margin={{ left: -20, right: 8, top: 4 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} {...axis} />
      <YAxis allowDecimals={false} {...axis} />
      <Tooltip formatter={(v) => [String(v), label]} />
      <Bar dataKey={dataKey} fill={fill} radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}

/** Revenue, paid orders and credits spent per day (recharts; loaded lazily with this module). */
export default function AdminCharts({ daily }: { daily: TDailyStat[] }) {
  const revenue = daily.reduce((s, d) => s + d.revenue, 0);
  const orders = daily.reduce((s, d) => s + d.paidOrders, 0);
  const credits = daily.reduce((s, d) => s + d.creditsSpent, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartCard title={DASHBOARD_UI_TEXTS.adminCharts.revenueUsd} total={`$${revenue.toFixed(2)}`}>
        <LineChart data={daily} margin={{ left: -20, right: 8, top: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} {...axis} />
          <YAxis {...axis} />
          <Tooltip
            labelFormatter={(l) => String(l)}
            formatter={(v) => [`$${Number(v).toFixed(2)}`, DASHBOARD_UI_TEXTS.adminCharts.revenue]}
          />
          <Line type="monotone" dataKey="revenue" stroke="#4f46e5" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title={DASHBOARD_UI_TEXTS.adminCharts.paidOrders} total={String(orders)}>
        {dailyBars(daily, "paidOrders", DASHBOARD_UI_TEXTS.adminCharts.paidOrders, "#14b8a6")}
      </ChartCard>
      <ChartCard title={DASHBOARD_UI_TEXTS.adminCharts.creditsSpent} total={String(credits)}>
        {dailyBars(daily, "creditsSpent", DASHBOARD_UI_TEXTS.adminCharts.creditsSpent, "#f59e0b")}
      </ChartCard>
    </div>
  );
}
