/**
 * Puts a live recording's chunks back in order before they reach the decoder. The recorder numbers
 * its chunks 0, 1, 2, … and uploads them as they come; a retry may arrive late or twice. The WebM
 * stream is only decodable in order, so a chunk that arrives early waits for the gap before it to
 * fill, and a chunk seen before is ignored.
 *
 * A gap that never fills (the upload of that chunk failed for good) must not stall the live text
 * for the rest of the meeting: once later chunks have waited `gapWaitMs`, the missing index is
 * skipped and the decoder gets the next chunk. ffmpeg's WebM demuxer drops the broken cluster and
 * resyncs at the next cluster start, so about a second of live text is lost; the final transcript
 * after Stop still has whatever the stored recording has. At the end of the recording
 * ({@link ChunkOrder.drain}) every remaining gap is skipped. Pure: the clock is passed in.
 */

/** Default wait for a missing chunk while later ones are there (ms). */
export const DEFAULT_GAP_WAIT_MS = 5_000;

/** Ordering of chunks `T` by index; see the module comment. */
export class ChunkOrder<T> {
  private readonly waiting = new Map<number, T>();
  /** When the oldest chunk now waiting behind a gap arrived (ms), undefined when none waits. */
  private blockedSince: number | undefined;
  private nextIndex: number;
  /** Indexes skipped because they never arrived, ascending. */
  readonly skipped: number[] = [];

  /**
   * @param next first index expected (0 for a new recording, more when a session resumes)
   * @param gapWaitMs how long later chunks wait for a missing one before it is skipped (ms)
   */
  constructor(
    next = 0,
    private readonly gapWaitMs = DEFAULT_GAP_WAIT_MS,
  ) {
    this.nextIndex = next;
  }

  /** The index the decoder needs next. */
  get next(): number {
    return this.nextIndex;
  }

  /**
   * Takes chunk `index` received at `nowMs`; answers the chunks now ready, in order (empty when it
   * waits for a gap, or when the index was seen before or is already past).
   */
  add(index: number, chunk: T, nowMs: number): T[] {
    if (index < this.nextIndex || this.waiting.has(index)) return [];
    this.waiting.set(index, chunk);
    if (index > this.nextIndex && this.blockedSince === undefined) this.blockedSince = nowMs;
    return this.release(nowMs);
  }

  /**
   * Answers the chunks ready at `nowMs`: those in order from `next`, and, once chunks have waited
   * `gapWaitMs` behind a gap, those after the gap (the missing indexes are skipped).
   */
  release(nowMs: number): T[] {
    const ready = this.takeRun();
    if (this.blockedSince !== undefined && nowMs - this.blockedSince >= this.gapWaitMs) {
      this.skipGap();
      ready.push(...this.takeRun());
    }
    // What still waits is behind a later gap: its wait starts when the run before it moved on.
    if (ready.length > 0 && this.waiting.size > 0) this.blockedSince = nowMs;
    return ready;
  }

  /** End of the recording: every gap skipped, every waiting chunk answered in order. */
  drain(): T[] {
    const ready = this.takeRun();
    while (this.waiting.size > 0) {
      this.skipGap();
      ready.push(...this.takeRun());
    }
    return ready;
  }

  /** The waiting chunks from `next` on without a gap. */
  private takeRun(): T[] {
    const run: T[] = [];
    for (let chunk = this.waiting.get(this.nextIndex); chunk !== undefined;) {
      this.waiting.delete(this.nextIndex);
      run.push(chunk);
      chunk = this.waiting.get(++this.nextIndex);
    }
    if (this.waiting.size === 0) this.blockedSince = undefined;
    return run;
  }

  /** Moves `next` to the lowest waiting index, recording the indexes passed over. */
  private skipGap(): void {
    const lowest = Math.min(...this.waiting.keys());
    for (let i = this.nextIndex; i < lowest; i++) this.skipped.push(i);
    this.nextIndex = lowest;
  }
}
