import { describe, expect, it } from "vitest";
import { daysLeft, ddmmyyyy, isKnownCountry, membershipExpiry } from "./orders.js";
import { formatPrice, packagePoints, ZPackageInputSchema } from "./packages.js";

const DAY = 24 * 60 * 60 * 1000;

describe("membership expiry (spec §5)", () => {
  const start = new Date("2026-01-10T12:00:00Z");
  it("adds the validity days to the creation date", () => {
    expect(membershipExpiry(start, 90).getTime() - start.getTime()).toBe(90 * DAY);
    expect(membershipExpiry(start, "7").getTime() - start.getTime()).toBe(7 * DAY);
  });
  it("uses 30 days for non-positive or non-numeric validity", () => {
    for (const v of [0, -5, "abc", undefined, null, Number.NaN]) {
      expect(membershipExpiry(start, v).getTime() - start.getTime()).toBe(30 * DAY);
    }
  });
  it("uses now for an invalid date", () => {
    const before = Date.now();
    const t = membershipExpiry("not a date", 1).getTime();
    expect(t).toBeGreaterThanOrEqual(before + DAY);
    expect(t).toBeLessThanOrEqual(Date.now() + DAY);
  });
});

describe("days left", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  it("is the ceiling of the days remaining, or Expired", () => {
    expect(daysLeft(new Date(now.getTime() + 1.2 * DAY), now)).toBe(2);
    expect(daysLeft(new Date(now.getTime() + DAY), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() - 1), now)).toBe("Expired");
    expect(daysLeft(now, now)).toBe("Expired");
  });
});

describe("formats and lists", () => {
  it("dates item orders dd/mm/yyyy", () => {
    expect(ddmmyyyy(new Date(2026, 0, 5))).toBe("05/01/2026");
  });
  it("lists only non-empty point fields, any case, in order", () => {
    expect(packagePoints({ pointOne: "A", pointTwo: " ", POINTthree: "C", other: "x", pointFour: 3 })).toEqual([
      "A",
      "C",
    ]);
  });
  it("prints prices with $ and 2 decimals", () => {
    expect(formatPrice(9)).toBe("$9.00");
    expect(formatPrice("12.5")).toBe("$12.50");
  });
  it("knows the country list; Other only where allowed", () => {
    expect(isKnownCountry("Germany", false)).toBe(true);
    expect(isKnownCountry("Other", false)).toBe(false);
    expect(isKnownCountry("Other", true)).toBe(true);
    expect(isKnownCountry("Atlantis", true)).toBe(false);
  });
  it("requires name, price and a numeric credit on packages", () => {
    expect(ZPackageInputSchema.safeParse({ packageName: "A", price: "9.5", credit: "20" }).success).toBe(true);
    const bad = ZPackageInputSchema.safeParse({ packageName: "A", price: "9", credit: "2x" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Credit must be numeric");
    expect(ZPackageInputSchema.safeParse({ packageName: "", price: "9", credit: "1" }).success).toBe(false);
    expect(ZPackageInputSchema.safeParse({ packageName: "A", price: "", credit: "1" }).error?.issues[0]?.message).toBe(
      "Price is required",
    );
  });
});
