/**
 * First come, first served on the embedded database. PGlite has one connection and runs one
 * statement (or transaction) at a time. When it ran on the thread that serves HTTP it handed its
 * lock from one waiter to the next inside the same microtask chain: under load a backlog of
 * queries ran for seconds without the event loop reading a single socket, and which requests got
 * into the next backlog was decided by socket order, so some clients were served over and over
 * while others waited ten times the p95 (docs/decisions/035-pglite-work-first-come-first-served.md).
 * PGlite now runs on its own thread (docs/decisions/041-pglite-on-a-worker-thread.md), but its
 * connection is still one: this queue gives it to the pieces of work in the order the originating
 * requests arrived (a request already being answered finishes before a newer one starts), each
 * started in its own turn of the event loop.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

const arrival = new AsyncLocalStorage<number>();

/**
 * Runs `fn` so that the database work it starts (across awaits) queues as if it arrived at
 * `arrivedAt` (ms on `performance.now()`'s clock). The server wraps each HTTP request in it; work
 * outside any request (jobs, start-up) queues by the time it asks.
 */
export function runInArrivalOrder<T>(arrivedAt: number, fn: () => T): T {
  return arrival.run(arrivedAt, fn);
}

interface Waiter {
  key: number;
  seq: number;
  start: () => void;
}

/**
 * A queue that runs one task at a time, earliest arrival first (ties in the order asked), each
 * started in a new event-loop turn (`setImmediate`) so that I/O is polled between two tasks.
 */
export class FairQueue {
  readonly #waiting: Waiter[] = [];
  #busy = false;
  #seq = 0;

  /** Tasks waiting for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` when its turn comes; resolves or rejects with it. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const key = arrival.getStore() ?? performance.now();
    await new Promise<void>((start) => {
      this.#insert({ key, seq: this.#seq++, start });
      this.#next();
    });
    try {
      return await task();
    } finally {
      this.#busy = false;
      this.#next();
    }
  }

  #insert(w: Waiter): void {
    // Binary search for the first waiter that comes after `w`.
    let lo = 0;
    let hi = this.#waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = this.#waiting[mid]!;
      if (m.key < w.key || (m.key === w.key && m.seq < w.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.#waiting.splice(lo, 0, w);
  }

  #next(): void {
    if (this.#busy || this.#waiting.length === 0) return;
    this.#busy = true;
    // Chosen after the turn, so a request that was read meanwhile competes by its arrival.
    setImmediate(() => this.#waiting.shift()!.start());
  }
}

/** The part of PGlite 0.5's instance this file replaces: the lock every public call takes. */
interface ExclusivePglite {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Puts every `query`, `exec`, `sql` and `transaction` of `pglite` (its own callers and Drizzle's
 * and pg-boss's) behind a {@link FairQueue}. PGlite's public calls all take its private
 * transaction lock through `_runExclusiveTransaction` (PGlite 0.5.14, pinned exactly), so the
 * queue wraps that method; PGlite's lock stays underneath and is then never contended.
 * @throws Error when this PGlite has no such method (a PGlite upgrade changed it)
 */
export function queuePgliteFairly(pglite: object): FairQueue {
  const target = pglite as ExclusivePglite;
  if (typeof target._runExclusiveTransaction !== 'function')
    throw new Error('PGlite has no _runExclusiveTransaction: check fair-queue.ts after an upgrade');
  const original = target._runExclusiveTransaction.bind(pglite);
  const queue = new FairQueue();
  target._runExclusiveTransaction = (fn) => queue.run(() => original(fn));
  return queue;
}
