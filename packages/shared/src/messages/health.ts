/** GET /api/health answers (read by monitors and load balancers). */
export const HEALTH_MESSAGES = {
  databaseUnreachable: "Database unreachable",
} as const;
