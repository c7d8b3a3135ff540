import { expect, it } from "vitest";
import { FailedLoginLimiter } from "./failed-login-limiter.js";

it("blocks an email after the limit inside the window, and forgives after it", () => {
  const limiter = new FailedLoginLimiter(3, 1000);
  for (let i = 0; i < 3; i++) limiter.recordFailure("a@x", "1.1.1.1", 100 + i);
  expect(limiter.isBlocked("a@x", "2.2.2.2", 200)).toBe(true);
  expect(limiter.isBlocked("b@x", "2.2.2.2", 200)).toBe(false);
  expect(limiter.isBlocked("a@x", "2.2.2.2", 1200)).toBe(false);
});

it("a success clears the email's failures", () => {
  const limiter = new FailedLoginLimiter(2, 1000);
  limiter.recordFailure("a@x", "1.1.1.1", 0);
  limiter.recordSuccess("a@x");
  limiter.recordFailure("a@x", "1.1.1.1", 1);
  expect(limiter.isBlocked("a@x", "3.3.3.3", 2)).toBe(false);
});

it("limits one IP trying many emails", () => {
  const limiter = new FailedLoginLimiter(2, 1000);
  for (let i = 0; i < 8; i++) limiter.recordFailure(`u${i}@x`, "9.9.9.9", i);
  expect(limiter.isBlocked("new@x", "9.9.9.9", 10)).toBe(true);
});
