import { describe, expect, it } from "vitest";
import { auditActionWords, auditTargetWords } from "./audit-words.js";

describe("the audit log in words (decision 127)", () => {
  it("says what an admin did, not the code", () => {
    expect(auditActionWords("gemini_key.create")).toBe("Added an AI key");
    expect(auditActionWords("package.update")).toBe("Changed a package");
    expect(auditActionWords("content.hero.update")).toBe("Changed the landing page's hero section");
    expect(auditActionWords("user.disable")).toBe("Disabled a member");
    expect(auditActionWords("item_order.cancel")).toBe("Cancelled an item order");
    expect(auditActionWords("score_threshold.update")).toBe("Changed the score threshold");
    expect(auditActionWords("something_new.frobnicate")).toBe("Frobnicate: something new");
  });

  it("names the target by what it is called, not its id", () => {
    expect(
      auditTargetWords({
        targetType: "package",
        before: { packageName: "Pro", price: 9 },
        after: { packageName: "Pro" },
      }),
    ).toBe("Package “Pro”");
    expect(auditTargetWords({ targetType: "user", before: null, after: { email: "sam@example.com" } })).toBe(
      "Member “sam@example.com”",
    );
    expect(auditTargetWords({ targetType: "gemini_key", before: null, after: { price: 1 } })).toBe("AI key");
  });
});
