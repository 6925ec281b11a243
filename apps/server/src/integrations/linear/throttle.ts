/**
 * At most one Linear request per second per user (the server waits rather than refusing). Requests
 * of one user take the next free slot, `minGapMs` after the previous one; a request whose slot lies
 * further ahead than `maxWaitMs` is answered 429 at once instead of holding a connection. Per
 * process: a user whose requests reach several Summy processes gets one gap per process.
 */
import { LINEAR_LIMITS } from '@summy/core';
import { LinearRateLimitError } from './errors.ts';

/** Settings of {@link LinearThrottle}. */
export interface LinearThrottleOptions {
  /** Least time between two requests of one user, in ms (default 1000). */
  minGapMs?: number;
  /** Longest wait before a request is refused with 429, in ms (default 10,000). */
  maxWaitMs?: number;
  /** The clock, ms since the epoch. */
  now?: () => number;
}

/** A per-user request spacer. */
export class LinearThrottle {
  private readonly nextSlot = new Map<string, number>();
  private readonly minGapMs: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;

  constructor(options: LinearThrottleOptions = {}) {
    this.minGapMs = options.minGapMs ?? LINEAR_LIMITS.minRequestGapMs;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Resolves when the user may send the next Linear request (at once when the last one was at
   * least `minGapMs` ago).
   * @throws LinearRateLimitError when the user's queue would make this request wait over `maxWaitMs`
   */
  async wait(userId: string): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.nextSlot.get(userId) ?? 0);
    const waitMs = slot - now;
    if (waitMs > this.maxWaitMs) throw new LinearRateLimitError(Math.ceil(waitMs / 1000));
    this.nextSlot.set(userId, slot + this.minGapMs);
    // Forget users whose slot has passed, so the map holds only users with recent requests.
    if (this.nextSlot.size > 1000) {
      for (const [id, next] of this.nextSlot) if (next < now) this.nextSlot.delete(id);
    }
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
