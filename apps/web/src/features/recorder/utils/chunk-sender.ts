/**
 * Sends a recording's chunks to `POST /api/meetings/:id/audio?index=N` in the background, retrying
 * until each is acknowledged. The chunks are already in IndexedDB when they get here; an
 * acknowledged chunk is marked sent there. The server keeps the first copy of an index, so a chunk
 * may be sent twice without harm and order does not matter.
 */
import { ApiRequestError } from '@/lib/api-client';
import { sendRecordingChunk } from '../api/send-recording-chunk';
import { markChunkSent } from './recording-db';

/** Longest wait between two attempts while recording, in ms. */
const MAX_BACKOFF_MS = 10_000;

/** Consecutive failures after which {@link ChunkSender.flush} gives up (about 30 s of trying). */
const FLUSH_MAX_FAILURES = 6;

/** Why the sender stopped for good: the meeting was deleted (404) or already stopped (409). */
export type SenderStop = { reason: 'gone' | 'stopped'; error: ApiRequestError };

/** Options of {@link ChunkSender}. */
export interface ChunkSenderOptions {
  /** Called once when the server says no chunk will ever be accepted again. */
  onStop?: (stop: SenderStop) => void;
  /** Called after each acknowledged chunk with the number still waiting. */
  onSent?: (index: number, waiting: number) => void;
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  // Offline (0), signed out for a moment (401: the copy stays local meanwhile), or the server's trouble.
  return (
    error.status === 0 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500
  );
}

/** The background sender of one recording's chunks. */
export class ChunkSender {
  readonly meetingId: string;
  private readonly options: ChunkSenderOptions;
  private readonly pending = new Map<number, Blob>();
  private pumping: Promise<void> | null = null;
  private failures = 0;
  private flushing = false;
  private wake: (() => void) | null = null;
  private lastError: unknown = null;
  private stopped: SenderStop | null = null;
  private disposed = false;

  constructor(meetingId: string, options: ChunkSenderOptions = {}) {
    this.meetingId = meetingId;
    this.options = options;
  }

  /** Chunks not yet acknowledged. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Queues a chunk (already stored in IndexedDB) for sending. */
  enqueue(index: number, blob: Blob): void {
    if (this.disposed || this.stopped) return;
    this.pending.set(index, blob);
    this.kick();
  }

  /**
   * Resolves once every queued chunk is acknowledged; tries harder than the background loop (no
   * long waits) and gives up after {@link FLUSH_MAX_FAILURES} consecutive failures.
   *
   * @throws the last ApiRequestError when the chunks could not be sent, or when the server
   *   refused them for good (404 meeting gone; 409 is not an error: the audio is already stored)
   */
  async flush(): Promise<void> {
    this.flushing = true;
    this.failures = 0;
    this.wake?.();
    for (;;) {
      if (this.stopped?.reason === 'gone') throw this.stopped.error;
      if (this.pending.size === 0 || this.stopped) return;
      if (!this.pumping) {
        if (this.failures >= FLUSH_MAX_FAILURES) throw this.lastError;
        this.kick();
      }
      await this.pumping;
    }
  }

  /** Stops sending (the chunks stay in IndexedDB for a later recovery). */
  dispose(): void {
    this.disposed = true;
    this.wake?.();
  }

  private kick(): void {
    if (this.pumping) {
      // A new chunk while waiting out a failure: the connection may be back, try now.
      this.wake?.();
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
    });
  }

  private async pump(): Promise<void> {
    while (this.pending.size > 0 && !this.disposed && !this.stopped) {
      const index = Math.min(...this.pending.keys());
      const blob = this.pending.get(index)!;
      try {
        await sendRecordingChunk(this.meetingId, index, blob);
        this.pending.delete(index);
        this.failures = 0;
        await markChunkSent(this.meetingId, index).catch((error: unknown) =>
          console.warn('Could not mark a recording chunk as sent', error),
        );
        this.options.onSent?.(index, this.pending.size);
      } catch (error) {
        this.lastError = error;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409)) {
          this.stopped = { reason: error.status === 404 ? 'gone' : 'stopped', error };
          this.options.onStop?.(this.stopped);
          return;
        }
        if (!isRetryable(error)) {
          // A chunk the server will never take (400 malformed, 413): skip it rather than block
          // the rest; it stays in IndexedDB and the server assembles the recording without it.
          console.error(`Recording chunk ${index} refused`, error);
          this.pending.delete(index);
          continue;
        }
        this.failures += 1;
        if (this.flushing && this.failures >= FLUSH_MAX_FAILURES) return;
        const backoff = this.flushing
          ? 500 * this.failures
          : Math.min(1000 * 2 ** (this.failures - 1), MAX_BACKOFF_MS);
        await this.sleep(backoff);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
