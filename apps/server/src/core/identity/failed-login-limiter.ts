import { createMemoryWindowStore, type WindowStore } from "../../lib/window-store.js";

/**
 * Counts failed sign-ins per email and per IP in a sliding window. Successful sign-in clears the email's count.
 * The counts live in the shared window store: Redis with REDIS_URL (every instance sees one count), else memory
 * (a restart forgives, which is acceptable for this threat).
 */
export class FailedLoginLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: WindowStore = createMemoryWindowStore(),
  ) {}

  async isBlocked(email: string, ip: string, now = Date.now()): Promise<boolean> {
    const [byEmail, byIp] = await Promise.all([
      this.store.count(`login:e:${email}`, this.windowMs, now),
      this.store.count(`login:i:${ip}`, this.windowMs, now),
    ]);
    // The IP limit is wider so one office behind NAT is not locked out by a few typos.
    return byEmail >= this.limit || byIp >= this.limit * 4;
  }

  async recordFailure(email: string, ip: string, now = Date.now()) {
    await this.store.add([`login:e:${email}`, `login:i:${ip}`], this.windowMs, now);
  }

  async recordSuccess(email: string) {
    await this.store.clear(`login:e:${email}`);
  }
}
