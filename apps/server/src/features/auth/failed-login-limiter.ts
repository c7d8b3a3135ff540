/**
 * Counts failed sign-ins per email and per IP in a sliding window. Successful sign-in clears
 * the email's count. In memory: a restart forgives, which is acceptable for this threat.
 */
export class FailedLoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, ip: string, now = Date.now()): boolean {
    // The IP limit is wider so one office behind NAT is not locked out by a few typos.
    return this.recent(`e:${email}`, now).length >= this.limit || this.recent(`i:${ip}`, now).length >= this.limit * 4;
  }

  recordFailure(email: string, ip: string, now = Date.now()) {
    for (const key of [`e:${email}`, `i:${ip}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
    if (this.failures.size > 100_000) this.failures.clear();
  }

  recordSuccess(email: string) {
    this.failures.delete(`e:${email}`);
  }
}
