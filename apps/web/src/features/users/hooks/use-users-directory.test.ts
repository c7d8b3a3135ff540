import { describe, expect, it } from "vitest";
import { type UserDraft, updateBodyFor } from "./use-users-directory";

const draft = (currentBalance: string): UserDraft => ({
  userName: "Ada",
  userRole: "member",
  userMembership: "free",
  currentBalance,
});

describe("updateBodyFor", () => {
  it("sends the balance only when the admin changed it", () => {
    expect(updateBodyFor({ currentBalance: 12 }, draft("12"))).not.toHaveProperty("currentBalance");
    expect(updateBodyFor({ currentBalance: 12 }, draft("20"))).toMatchObject({ currentBalance: 20 });
  });

  it("lets the admin save a member whose balance a PayPal reversal took below zero", () => {
    // The server refuses a negative balance from an admin; an unchanged one is not sent at all.
    const body = updateBodyFor({ currentBalance: -50 }, draft("-50"));
    expect(body).toEqual({ userName: "Ada", userRole: "member", userMembership: "free" });
    expect(updateBodyFor({ currentBalance: -50 }, draft("0"))).toMatchObject({ currentBalance: 0 });
  });
});
