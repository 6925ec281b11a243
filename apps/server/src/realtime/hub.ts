/**
 * Fans out database notifications to the Server-Sent Events streams of the user they belong to. Two
 * channels: 'summy_changes' (row changes, written by triggers from the `realtime-notify` migration,
 * docs/decisions/003-realtime-over-listen-notify.md) and 'summy_progress' (pipeline progress and
 * notices, written by `publishProgress`/`publishNotice`). Every process listens for itself, so
 * several servers on one PostgreSQL each deliver to their own clients.
 *
 * Each user may hold {@link MAX_STREAMS_PER_USER} subscriptions per process; a newer one evicts the
 * oldest. When the database's LISTEN connection comes back after a loss, every subscriber gets a
 * `resync` event, since notifications sent meanwhile are gone.
 */
import type { DatabaseHandle } from '@summy/db';
import type {
  ChangeEvent,
  ContactsSyncEvent,
  LiveSegmentEvent,
  LiveStateEvent,
  NoticeEvent,
  ProgressEvent,
} from '@summy/core';

/** The NOTIFY channel the row triggers publish on. */
export const CHANGES_CHANNEL = 'summy_changes';
/** The NOTIFY channel of pipeline progress and notices. */
export const PROGRESS_CHANNEL = 'summy_progress';

/**
 * Open event streams one user may hold in one process. A browser opens one per tab, so this leaves
 * room for several tabs and devices while 300 streams of one client can no longer pile up (they
 * slowed every other request to seconds).
 */
export const MAX_STREAMS_PER_USER = 8;

/**
 * An event for one user's streams; `type` becomes the SSE event name. `resync` (data `{}`) says
 * that events may have been missed (the database connection was lost): reload everything.
 */
export type RealtimeEvent =
  | { type: 'change'; data: ChangeEvent }
  | { type: 'progress'; data: ProgressEvent }
  | { type: 'notice'; data: NoticeEvent }
  | { type: 'contacts-sync'; data: ContactsSyncEvent }
  | { type: 'live-segment'; data: LiveSegmentEvent }
  | { type: 'live-state'; data: LiveStateEvent }
  | { type: 'resync'; data: Record<string, never> };

/** Receives the events of one user. */
export type ChangeSubscriber = (event: RealtimeEvent) => void;

/** Receives each row change with its owner, and `resync` when changes may have been missed. */
export interface ChangeObserver {
  change(userId: string, change: ChangeEvent): void;
  resync(): void;
}

/** Per-process registry of SSE subscribers, keyed by user id. */
export interface RealtimeHub {
  /**
   * Adds a subscriber for one user's events; returns the function that removes it. When the
   * user already holds `maxStreamsPerUser` subscriptions, the oldest is removed first and its
   * `onEvicted` called (once, synchronously), so its stream can tell the client and end.
   */
  subscribe(userId: string, subscriber: ChangeSubscriber, onEvicted?: () => void): () => void;
  /** Number of open subscriptions, of one user when given (health, tests). */
  size(userId?: string): number;
  /**
   * Observes every row change of any user (before the streams get it) and every `resync`: for
   * caches of this process that a change makes stale. Returns the function that stops it.
   */
  observe(observer: ChangeObserver): () => void;
  close(): Promise<void>;
}

/** Settings of {@link startRealtimeHub}. */
export interface RealtimeHubOptions {
  /** Subscriptions per user before the oldest is evicted; {@link MAX_STREAMS_PER_USER} by default. */
  maxStreamsPerUser?: number;
}

interface Subscription {
  deliver: ChangeSubscriber;
  onEvicted: (() => void) | undefined;
}

interface RowNotification extends ChangeEvent {
  user_id?: string | null;
}

/** Payload of a 'summy_progress' notification: the event plus its owner (progress of a meeting's
 * pipeline, a notice, how the user's contacts sync goes, or a recording's live text). */
export type ProgressNotification =
  | { userId: string; type: 'progress'; data: ProgressEvent }
  | { userId: string; type: 'notice'; data: NoticeEvent }
  | { userId: string; type: 'contacts-sync'; data: ContactsSyncEvent }
  | { userId: string; type: 'live-segment'; data: LiveSegmentEvent }
  | { userId: string; type: 'live-state'; data: LiveStateEvent };

/** Starts listening on the database and returns the hub. Throws when LISTEN fails. */
export async function startRealtimeHub(
  database: DatabaseHandle,
  { maxStreamsPerUser = MAX_STREAMS_PER_USER }: RealtimeHubOptions = {},
): Promise<RealtimeHub> {
  // Sets keep insertion order: the first subscription of a user is its oldest.
  const byUser = new Map<string, Set<Subscription>>();
  const observers = new Set<ChangeObserver>();
  const deliver = (userId: string | null | undefined, event: RealtimeEvent) => {
    // Rows without an owner are never announced to anyone.
    if (!userId) return;
    for (const s of byUser.get(userId) ?? []) s.deliver(event);
  };
  const stopResync = database.onListenResumed(() => {
    for (const o of observers) o.resync();
    for (const set of byUser.values()) for (const s of set) s.deliver({ type: 'resync', data: {} });
  });
  const unlistenChanges = await database.listen(CHANGES_CHANNEL, (payload) => {
    const note = parse<RowNotification>(payload);
    if (!note) return;
    const data: ChangeEvent = { table: note.table, op: note.op, id: String(note.id) };
    if (note.table === 'todos') data.meeting_id = note.meeting_id ?? null;
    // Caches first, so a client told of the change never reads the state from before it.
    if (note.user_id) for (const o of observers) o.change(note.user_id, data);
    deliver(note.user_id, { type: 'change', data });
  });
  const unlistenProgress = await database.listen(PROGRESS_CHANNEL, (payload) => {
    const note = parse<ProgressNotification>(payload);
    if (!note) return;
    deliver(note.userId, { type: note.type, data: note.data } as RealtimeEvent);
  });
  return {
    subscribe(userId, subscriber, onEvicted) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      for (const oldest of set) {
        if (set.size < maxStreamsPerUser) break;
        set.delete(oldest);
        oldest.onEvicted?.();
      }
      const subscription: Subscription = { deliver: subscriber, onEvicted };
      set.add(subscription);
      return () => {
        const current = byUser.get(userId);
        if (!current?.delete(subscription)) return;
        if (current.size === 0) byUser.delete(userId);
      };
    },
    observe(observer) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    size: (userId) =>
      userId !== undefined
        ? (byUser.get(userId)?.size ?? 0)
        : [...byUser.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      stopResync();
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
