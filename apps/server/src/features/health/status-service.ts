import type { TSystemStatusResponse } from "@mailsmith/shared";
import { runProbes, type StatusProbe } from "../../core/status-probes.js";

/** Runs the probes side by side (each bounded) and answers them in the order given. */
export async function systemStatus(probes: StatusProbe[]): Promise<TSystemStatusResponse> {
  const checks = await runProbes(probes);
  return { checkedAt: new Date().toISOString(), checks };
}
