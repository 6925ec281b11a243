/**
 * Fans out database notifications to the Server-Sent Events streams of the user they belong to.
 * Two channels: 'summy_changes' (row changes, written by triggers, see
 * packages/db/migrations/0001_realtime-notify.sql) and 'summy_progress' (pipeline progress and
 * notices, written by `publishProgress`/`publishNotice`). Every process listens for itself, so
 * several servers on one PostgreSQL each deliver to their own clients.
 */
import type { DatabaseHandle } from '@summy/db';
import type { ChangeEvent, NoticeEvent, ProgressEvent } from '@summy/core';

/** The NOTIFY channel the row triggers publish on. */
export const CHANGES_CHANNEL = 'summy_changes';
/** The NOTIFY channel of pipeline progress and notices. */
export const PROGRESS_CHANNEL = 'summy_progress';

/** An event for one user's streams; `type` becomes the SSE event name. */
export type RealtimeEvent =
  | { type: 'change'; data: ChangeEvent }
  | { type: 'progress'; data: ProgressEvent }
  | { type: 'notice'; data: NoticeEvent };

/** Receives the events of one user. */
export type ChangeSubscriber = (event: RealtimeEvent) => void;

/** Per-process registry of SSE subscribers, keyed by user id. */
export interface RealtimeHub {
  /** Adds a subscriber for one user's events; returns the function that removes it. */
  subscribe(userId: string, subscriber: ChangeSubscriber): () => void;
  /** Number of open subscriptions (health, tests). */
  size(): number;
  close(): Promise<void>;
}

interface RowNotification extends ChangeEvent {
  user_id?: string | null;
}

/** Payload of a 'summy_progress' notification: the event plus its owner. */
export type ProgressNotification =
  | { userId: string; type: 'progress'; data: ProgressEvent }
  | { userId: string; type: 'notice'; data: NoticeEvent };

/** Starts listening on the database and returns the hub. */
export async function startRealtimeHub(database: DatabaseHandle): Promise<RealtimeHub> {
  const byUser = new Map<string, Set<ChangeSubscriber>>();
  const deliver = (userId: string | null | undefined, event: RealtimeEvent) => {
    // Rows without an owner are never announced to anyone.
    if (!userId) return;
    for (const s of byUser.get(userId) ?? []) s(event);
  };
  const unlistenChanges = await database.listen(CHANGES_CHANNEL, (payload) => {
    const note = parse<RowNotification>(payload);
    if (!note) return;
    const data: ChangeEvent = { table: note.table, op: note.op, id: String(note.id) };
    if (note.table === 'todos') data.meeting_id = note.meeting_id ?? null;
    deliver(note.user_id, { type: 'change', data });
  });
  const unlistenProgress = await database.listen(PROGRESS_CHANNEL, (payload) => {
    const note = parse<ProgressNotification>(payload);
    if (!note) return;
    deliver(note.userId, { type: note.type, data: note.data } as RealtimeEvent);
  });
  return {
    subscribe(userId, subscriber) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    size: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      await unlistenChanges();
      await unlistenProgress();
    },
  };
}

function parse<T>(payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}
