/**
 * Publishes pipeline progress, notices and the contacts sync's state on 'summy_progress', so the
 * owner's browsers learn of them through any server process (the job may run in another process
 * than the SSE stream).
 */
import type { DatabaseHandle } from '@summy/db';
import type {
  ContactsSyncEvent,
  LiveSegmentEvent,
  LiveStateEvent,
  NoticeEvent,
  ProgressLabel,
} from '@summy/core';
import { PROGRESS_CHANNEL, type ProgressNotification } from './hub.ts';

async function notify(database: DatabaseHandle, note: ProgressNotification): Promise<void> {
  await database.query('select pg_notify($1, $2)', [PROGRESS_CHANNEL, JSON.stringify(note)]);
}

/** Announces that a step of a meeting's pipeline started (label of). */
export function publishProgress(
  database: DatabaseHandle,
  userId: string,
  meetingId: string,
  label: ProgressLabel,
): Promise<void> {
  return notify(database, { userId, type: 'progress', data: { meetingId, label } });
}

/** Sends a toast to the user's browsers (title and description in the documented words). */
export function publishNotice(
  database: DatabaseHandle,
  userId: string,
  notice: NoticeEvent,
): Promise<void> {
  return notify(database, { userId, type: 'notice', data: notice });
}

/** Tells the user's browsers how their contacts sync goes (SSE event `contacts-sync`). */
export function publishContactsSync(
  database: DatabaseHandle,
  userId: string,
  event: ContactsSyncEvent,
): Promise<void> {
  return notify(database, { userId, type: 'contacts-sync', data: event });
}

/**
 * Sends a new live segment of a recording in progress to the owner's browsers (SSE event
 * `live-segment`). A notification holds at most 8,000 bytes, so a segment's text stays well below
 * (one segment is at most 15 s of speech).
 */
export function publishLiveSegment(
  database: DatabaseHandle,
  userId: string,
  event: LiveSegmentEvent,
): Promise<void> {
  return notify(database, { userId, type: 'live-segment', data: event });
}

/** Tells the owner's browsers that a meeting's live state changed (SSE event `live-state`). */
export function publishLiveState(
  database: DatabaseHandle,
  userId: string,
  event: LiveStateEvent,
): Promise<void> {
  return notify(database, { userId, type: 'live-state', data: event });
}
