import type { FastifyRequest } from "fastify";

/** 30 a minute per member for order and payment creation (counted per member: many may share one address). */
export const perMemberLimit = {
  max: 30,
  timeWindow: "1 minute",
  keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
};
