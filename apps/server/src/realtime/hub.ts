/**
 * Fans out database change notifications (channel 'summy_changes', written by triggers, see
 * packages/db/migrations/0001_realtime-notify.sql) to the Server-Sent Events streams of the
 * user who owns the changed row. Every process listens for itself, so several servers on one
 * PostgreSQL each deliver to their own clients.
 */
import type { DatabaseHandle } from '@summy/db';
import type { ChangeEvent } from '@summy/core';

/** The NOTIFY channel the triggers publish on. */
export const CHANGES_CHANNEL = 'summy_changes';

/** Receives the changes of one user. */
export type ChangeSubscriber = (event: ChangeEvent) => void;

/** Per-process registry of SSE subscribers, keyed by user id. */
export interface RealtimeHub {
  /** Adds a subscriber for one user's changes; returns the function that removes it. */
  subscribe(userId: string, subscriber: ChangeSubscriber): () => void;
  /** Number of open subscriptions (health, tests). */
  size(): number;
  close(): Promise<void>;
}

interface Notification extends ChangeEvent {
  user_id?: string | null;
}

/** Starts listening on the database and returns the hub. */
export async function startRealtimeHub(database: DatabaseHandle): Promise<RealtimeHub> {
  const byUser = new Map<string, Set<ChangeSubscriber>>();
  const unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
    let note: Notification;
    try {
      note = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    // Rows without an owner are never announced to anyone.
    if (!note.user_id) return;
    const subscribers = byUser.get(note.user_id);
    if (!subscribers) return;
    const event: ChangeEvent = { table: note.table, op: note.op, id: String(note.id) };
    if (note.table === 'todos') event.meeting_id = note.meeting_id ?? null;
    for (const s of subscribers) s(event);
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
    close: unlisten,
  };
}
