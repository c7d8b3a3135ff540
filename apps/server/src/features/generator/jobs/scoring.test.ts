import { describe, expect, it } from "vitest";
import type { AppContext } from "../../../context.js";
import { fidelityOutcome } from "./scoring.js";

/** The admin's threshold decides what "below" means (decision 136). */
describe("fidelityOutcome", () => {
  const ctx = { storage: {}, log: { warn: () => {} } } as unknown as AppContext;
  const owner = { jobId: "job", userId: "user" };
  const result = { score: 85.2, sectionPictures: [], sections: [] };

  it("calls a result of 85 below a threshold of 90, and keeps the threshold", async () => {
    expect(await fidelityOutcome(ctx, result, owner, 90)).toEqual({
      score: 85,
      threshold: 90,
      belowThreshold: true,
      sections: [],
    });
  });

  it("does not call a result of 85 below a threshold of 70, nor one of 85", async () => {
    expect((await fidelityOutcome(ctx, result, owner, 70))?.belowThreshold).toBe(false);
    expect((await fidelityOutcome(ctx, result, owner, 85))?.belowThreshold).toBe(false);
  });
});
