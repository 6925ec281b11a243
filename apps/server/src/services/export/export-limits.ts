/**
 * How many exports run at once (docs/decisions/066-documents-off-the-event-loop.md). A meeting's
 * export of a long transcript is seconds of CPU on an export thread (PDF about 4 s for 1.9 MB),
 * and any signed-in user or API key may ask for it: without a cap one user's burst queues every
 * other user's export behind it and holds each meeting in memory meanwhile. The counts are this
 * process's (the threads are too); a refused request gets 429 with `Retry-After`.
 */
import os from 'node:os';
import { TooManyRequestsError } from '../../errors/app-errors.ts';

/** Exports one user may have running at once: meeting exports and account exports together. */
export const EXPORTS_PER_USER = 2;

/**
 * Meeting exports this process runs or queues at once, all users together: one per core, at
 * least 4 (a busy server's queue stays short; an idle user is not refused behind two others).
 * Account exports count per user only: they stream for as long as the client reads, and their
 * CPU work, one meeting at a time, waits its turn on the export threads.
 */
export const EXPORTS_PER_SERVER = Math.max(4, os.availableParallelism());

/** The `Retry-After` of a refused export, seconds: about one long export's time. */
export const EXPORT_RETRY_AFTER_S = 5;

/** 429 'Too many exports' with `Retry-After` and what to wait for in plain words. */
export class TooManyExportsError extends TooManyRequestsError {
  constructor(details: string) {
    super(EXPORT_RETRY_AFTER_S, 'Too many exports', details);
  }
}

const perUser = new Map<string, number>();
let meetingExports = 0;

/** Exports running now: in all (meeting exports) and per user (both kinds); for tests and metrics. */
export function exportsRunning(userId?: string): number {
  return userId === undefined ? meetingExports : (perUser.get(userId) ?? 0);
}

/**
 * Takes one of the user's export slots (and, for a meeting export, one of the server's).
 * @returns the release, which frees the slots once however often it is called
 * @throws TooManyExportsError 429 when the user has {@link EXPORTS_PER_USER} exports running, or
 *   the server {@link EXPORTS_PER_SERVER} meeting exports
 */
export function takeExportSlot(userId: string, kind: 'meeting' | 'account'): () => void {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= EXPORTS_PER_USER) {
    throw new TooManyExportsError(
      `You have ${mine} exports being written; try again in ${EXPORT_RETRY_AFTER_S} seconds, when one has finished.`,
    );
  }
  if (kind === 'meeting' && meetingExports >= EXPORTS_PER_SERVER) {
    throw new TooManyExportsError(
      `The server is busy writing other exports; try again in ${EXPORT_RETRY_AFTER_S} seconds.`,
    );
  }
  perUser.set(userId, mine + 1);
  if (kind === 'meeting') meetingExports += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
    if (kind === 'meeting') meetingExports -= 1;
  };
}
