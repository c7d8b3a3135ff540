import { DASHBOARD_CHART_DAYS, type TAdminStats } from "@mailsmith/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

type Rows<T> = { rows: T[] };

/** Counts for the dashboard cards (orders: package orders, as on /admin/orders). */
export async function countTotals(db: Db): Promise<TAdminStats["counts"]> {
  const res = (await db.execute(sql`
    select
      (select count(*) from package_orders)::int as orders,
      (select count(*) from "user")::int as users,
      (select count(*) from support_tickets where ticket_status in ('open', 'in-progress'))::int as open_tickets
  `)) as unknown as Rows<{ orders: number; users: number; open_tickets: number }>;
  const row = res.rows[0];
  return {
    orders: Number(row?.orders ?? 0),
    users: Number(row?.users ?? 0),
    openTickets: Number(row?.open_tickets ?? 0),
  };
}

/**
 * One row per UTC day for the last 30 days (today included): revenue and number of paid orders
 * (package and item orders, by payment day) and credits spent on generations (net of refunds).
 */
export async function dailyTotals(db: Db, days = DASHBOARD_CHART_DAYS): Promise<TAdminStats["daily"]> {
  const res = (await db.execute(sql`
    with days as (
      select generate_series(
        (now() at time zone 'utc')::date - ${days - 1}::int,
        (now() at time zone 'utc')::date,
        interval '1 day'
      )::date as day
    ),
    paid as (
      select (coalesce(paid_at, capture_time, updated_at) at time zone 'utc')::date as day,
             sum(total_price) as revenue, count(*) as n
      from (
        select paid_at, capture_time, updated_at, total_price, payment_status from package_orders
        union all
        select paid_at, capture_time, updated_at, total_price, payment_status from item_orders
      ) o
      where lower(payment_status) = 'paid'
        and coalesce(paid_at, capture_time, updated_at) >= (now() at time zone 'utc')::date - ${days}::int
      group by 1
    ),
    spent as (
      select (created_at at time zone 'utc')::date as day, -sum(delta) as credits
      from credit_ledger
      where reason in ('generation', 'refund') and created_at >= (now() at time zone 'utc')::date - ${days}::int
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(p.revenue, 0)::float8 as revenue,
           coalesce(p.n, 0)::int as paid_orders,
           coalesce(s.credits, 0)::int as credits_spent
    from days d
    left join paid p on p.day = d.day
    left join spent s on s.day = d.day
    order by d.day
  `)) as unknown as Rows<{ date: string; revenue: number; paid_orders: number; credits_spent: number }>;
  return res.rows.map((r) => ({
    date: r.date,
    revenue: Math.round(Number(r.revenue) * 100) / 100,
    paidOrders: Number(r.paid_orders),
    creditsSpent: Math.max(0, Number(r.credits_spent)),
  }));
}
