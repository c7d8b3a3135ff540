import { useQuery } from "@tanstack/react-query";
import { generatorStatusQuery } from "./queries";

/** Whether an active key exists (the keys themselves never reach the browser). */
export function useGeneratorStatus(enabled: boolean) {
  return useQuery({ ...generatorStatusQuery, enabled });
}
