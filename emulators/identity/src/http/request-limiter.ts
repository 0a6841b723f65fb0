/** At most `max` requests per key in any `windowMs`; kept in memory, as limits need not survive restarts. */
export class RequestLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request; `retryAfterSeconds` is set when it is over the limit (and then not counted). */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = Date.now();
    if (this.recent.size > 10_000) this.prune(now);
    const times = (this.recent.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length >= this.max) {
      const oldest = times[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    times.push(now);
    this.recent.set(key, times);
    return { ok: true };
  }

  private prune(now: number) {
    for (const [key, times] of this.recent) {
      if (times.every((time) => time <= now - this.windowMs)) this.recent.delete(key);
    }
  }
}
