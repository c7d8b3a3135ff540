import type { TAdminStats } from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import { countTotals, dailyTotals } from "./repo.js";

/** The dashboard's counts and the daily series of the last DASHBOARD_CHART_DAYS days, read side by side. */
export async function getAdminStats(ctx: Pick<AppContext, "db">): Promise<TAdminStats> {
  const [counts, daily] = await Promise.all([countTotals(ctx.db), dailyTotals(ctx.db)]);
  return { counts, daily };
}
