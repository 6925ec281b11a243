/**
 * Long work on one meeting (its pipeline, a summary on the local model) stops when the meeting is
 * deleted, instead of running on for minutes. pg-boss aborts a job's own signal only at its next
 * heartbeat, and a delete does not touch the job at all; the `meetings` row trigger, though,
 * announces every delete on 'summy_changes' to every process (docs/decisions/003-realtime-over-listen-notify.md),
 * so the process running the job hears of it within the notification's round trip, whichever
 * process deleted the row.
 */
import type { DatabaseHandle } from '@summy/db';
import { CHANGES_CHANNEL } from '../../realtime/hub.ts';

/** A watch on one meeting's deletion; `stop` it when the work ends. */
export interface MeetingDeletionWatch {
  /** Aborts when the meeting is deleted (reason: {@link MeetingDeletedError}) or `parent` aborts. */
  signal: AbortSignal;
  /** Whether the meeting's delete was announced while watched. */
  readonly deleted: boolean;
  /** Stops listening; idempotent. */
  stop(): Promise<void>;
}

/** The abort reason of a {@link MeetingDeletionWatch} whose meeting was deleted. */
export class MeetingDeletedError extends Error {
  override readonly name = 'MeetingDeletedError';
  constructor(readonly meetingId: string) {
    super(`Meeting ${meetingId} was deleted`);
  }
}

/**
 * Starts watching for the delete of meeting `meetingId` (a uuid).
 * @param parent a signal the watch's signal follows too (a job's, aborted by pg-boss)
 * @throws what `database.listen` throws when the database cannot be reached
 */
export async function watchMeetingDeletion(
  database: Pick<DatabaseHandle, 'listen'>,
  meetingId: string,
  parent?: AbortSignal,
): Promise<MeetingDeletionWatch> {
  const controller = new AbortController();
  let deleted = false;
  const unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
    if (deleted || !isDeleteOf(payload, meetingId)) return;
    deleted = true;
    controller.abort(new MeetingDeletedError(meetingId));
  });
  let stopped = false;
  return {
    signal: parent ? AbortSignal.any([parent, controller.signal]) : controller.signal,
    get deleted() {
      return deleted;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await unlisten();
    },
  };
}

/**
 * Runs `work` with a signal that also aborts when the meeting is deleted. When the meeting was
 * deleted, a failure of `work` (its abort, or a save that found no row) answers `gone` instead.
 */
export async function untilMeetingDeleted<T, G>(
  database: Pick<DatabaseHandle, 'listen'>,
  meetingId: string,
  parent: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
  gone: G,
): Promise<T | G> {
  const watch = await watchMeetingDeletion(database, meetingId, parent);
  try {
    return await work(watch.signal);
  } catch (err) {
    if (watch.deleted) return gone;
    throw err;
  } finally {
    await watch.stop();
  }
}

/** Whether a 'summy_changes' payload announces the delete of the meeting `id`. */
function isDeleteOf(payload: string, id: string): boolean {
  // Most notifications are of other rows: a cheap test before parsing.
  if (!payload.includes(id)) return false;
  try {
    const note = JSON.parse(payload) as { table?: string; op?: string; id?: unknown };
    return note.table === 'meetings' && note.op === 'DELETE' && String(note.id) === id;
  } catch {
    return false;
  }
}
