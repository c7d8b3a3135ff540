import { z } from "zod";

/** Days covered by the admin dashboard charts. */
export const DASHBOARD_CHART_DAYS = 30;

export const ZDailyStatSchema = z.object({
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  revenue: z.number(),
  paidOrders: z.number().int(),
  creditsSpent: z.number().int(),
});
export type TDailyStat = z.infer<typeof ZDailyStatSchema>;

export const ZAdminStatsSchema = z.object({
  counts: z.object({
    orders: z.number().int(),
    users: z.number().int(),
    openTickets: z.number().int(),
  }),
  daily: z.array(ZDailyStatSchema),
});
export type TAdminStats = z.infer<typeof ZAdminStatsSchema>;
