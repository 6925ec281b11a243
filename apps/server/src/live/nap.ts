/**
 * The live session loop's pause between two looks for new chunks: a transcriber that has text
 * ends it early, so a line is saved and published as soon as it is recognised, not up to a poll
 * period later.
 */

/** A pause that {@link Nap.wake} ends early, so text is saved as soon as it is recognised. */
export class Nap {
  private end: (() => void) | undefined;
  private woken = false;

  /** Waits `ms`, or less when woken meanwhile or since the last wait, or when aborted. */
  async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.woken || signal?.aborted) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      this.end = done;
      signal?.addEventListener('abort', done, { once: true });
    });
    this.end = undefined;
    this.woken = false;
  }

  /** Ends the current wait, or the next one at once. */
  wake(): void {
    this.woken = true;
    this.end?.();
  }
}
