import type { AppContext } from "../context.js";
import type { StatusProbe } from "../core/status-probes.js";
import { geminiStatusProbe } from "../features/ai-keys/status-probe.js";
import { paypalStatusProbe } from "../features/commerce/capture/status-probe.js";
import { platformProbes } from "../features/health/status-probes.js";

/** Every check of Admin → System status and `npm run doctor`, in the order shown. */
export function statusProbes(ctx: AppContext): StatusProbe[] {
  return [...platformProbes(ctx), geminiStatusProbe(ctx), paypalStatusProbe(ctx)];
}
