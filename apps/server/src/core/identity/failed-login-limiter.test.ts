import { expect, it } from "vitest";
import { FailedLoginLimiter } from "./failed-login-limiter.js";

it("blocks an email after the limit inside the window, and forgives after it", async () => {
  const limiter = new FailedLoginLimiter(3, 1000);
  for (let i = 0; i < 3; i++) await limiter.recordFailure("a@x", "1.1.1.1", 100 + i);
  expect(await limiter.isBlocked("a@x", "2.2.2.2", 200)).toBe(true);
  expect(await limiter.isBlocked("b@x", "2.2.2.2", 200)).toBe(false);
  expect(await limiter.isBlocked("a@x", "2.2.2.2", 1200)).toBe(false);
});

it("a success clears the email's failures", async () => {
  const limiter = new FailedLoginLimiter(2, 1000);
  await limiter.recordFailure("a@x", "1.1.1.1", 0);
  await limiter.recordSuccess("a@x");
  await limiter.recordFailure("a@x", "1.1.1.1", 1);
  expect(await limiter.isBlocked("a@x", "3.3.3.3", 2)).toBe(false);
});

it("limits one IP trying many emails", async () => {
  const limiter = new FailedLoginLimiter(2, 1000);
  for (let i = 0; i < 8; i++) await limiter.recordFailure(`u${i}@x`, "9.9.9.9", i);
  expect(await limiter.isBlocked("new@x", "9.9.9.9", 10)).toBe(true);
});
