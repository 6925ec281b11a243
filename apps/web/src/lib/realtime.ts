/**
 * The signed-in app's live link to the server: one EventSource on `GET /api/events` (Server-Sent
 * Events, see apps/server/src/routes/events/routes.ts). It keeps the TanStack Query cache fresh
 * ("Realtime changes to meetings trigger a silent reload after 500 ms"), remembers each meeting's
 * latest processing step for the spinners, and turns pipeline notices into toasts. Lives in `lib/`
 * because several features read it and features must not import each other.
 */
import {
  changeEventSchema,
  contactsSyncEventSchema,
  liveSegmentEventSchema,
  liveStateEventSchema,
  noticeEventSchema,
  progressEventSchema,
  type ChangeEvent,
  type ContactsSyncEvent,
  type LiveSegmentEvent,
  type LiveStateEvent,
  type NoticeEvent,
  type ProgressEvent,
  type ProgressLabel,
} from '@summy/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';

/**
 * What {@link subscribeRealtime} listeners receive: the server's events, plus `reconnect`
 * after the stream came back from a drop or the server sent `resync` (events may have been missed
 * meanwhile, so a listener holding its own state should re-read it).
 */
export type RealtimeMessage =
  | { type: 'change'; data: ChangeEvent }
  | { type: 'progress'; data: ProgressEvent }
  | { type: 'notice'; data: NoticeEvent }
  | { type: 'contacts-sync'; data: ContactsSyncEvent }
  | { type: 'live-segment'; data: LiveSegmentEvent }
  | { type: 'live-state'; data: LiveStateEvent }
  | { type: 'reconnect' };

/** A subscriber of {@link subscribeRealtime}. */
export type RealtimeListener = (message: RealtimeMessage) => void;

/** Realtime reload debounce: 500 ms after the last change. */
export const REALTIME_RELOAD_DEBOUNCE_MS = 500;

/**
 * Upper bound of the debounce: a steady stream of changes (a bulk import, a long pipeline) still
 * reloads at least this often instead of waiting for a quiet moment that never comes.
 */
const REALTIME_RELOAD_MAX_WAIT_MS = 2_000;

/** Wait before reopening a stream the browser gave up on (HTTP error), doubled up to the max. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** Query-key roots refreshed per changed table (their features key every query under these). */
const QUERY_ROOT_OF_TABLE: Record<ChangeEvent['table'], string> = {
  meetings: 'meetings',
  todos: 'todos',
  chats: 'chats',
};

/**
 * Reloads every list the stream keeps fresh (meetings, to-dos, chats), for when events may have
 * been missed: after a reconnect, or on the server's `resync` (its database connection came back).
 * Other queries (settings, config) are left alone. Cached data stays on screen while it refetches.
 */
export function reloadAfterMissedEvents(queryClient: QueryClient): void {
  for (const root of new Set(Object.values(QUERY_ROOT_OF_TABLE)))
    void queryClient.invalidateQueries({ queryKey: [root] });
}

// ---------------------------------------------------------------------------------------------
// Listeners of the raw stream
// ---------------------------------------------------------------------------------------------

const listeners = new Set<RealtimeListener>();

/**
 * Receives every realtime message of the signed-in user while {@link useRealtime} is mounted.
 * Listeners run synchronously as events arrive (no debounce); a throwing listener does not stop
 * the others.
 *
 * @returns the function that unsubscribes
 */
export function subscribeRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function broadcast(message: RealtimeMessage): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (error) {
      console.error('Realtime listener failed', error);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Progress labels per meeting
// ---------------------------------------------------------------------------------------------

let progress: ReadonlyMap<string, ProgressLabel> = new Map();
const progressListeners = new Set<() => void>();

function setProgress(next: ReadonlyMap<string, ProgressLabel>): void {
  progress = next;
  for (const listener of progressListeners) listener();
}

function subscribeProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

/**
 * Forgets the progress label of a meeting, e.g. when a screen learns from the meeting itself
 * that it is no longer processing. Unknown ids are ignored.
 */
export function clearMeetingProgress(meetingId: string): void {
  if (!progress.has(meetingId)) return;
  const next = new Map(progress);
  next.delete(meetingId);
  setProgress(next);
}

/**
 * The latest processing step announced for a meeting ('Uploading', 'Transcribing', ...), or null
 * when none is known (never announced, finished, or no id). Cleared when the meeting's pipeline
 * sends its final notice or the meeting is deleted. A label may outlive a pipeline that ended
 * without a notice, so show it only while the meeting is processing.
 */
export function useMeetingProgress(meetingId: string | null): ProgressLabel | null {
  return useSyncExternalStore(subscribeProgress, () =>
    meetingId ? (progress.get(meetingId) ?? null) : null,
  );
}

// ---------------------------------------------------------------------------------------------
// The connection
// ---------------------------------------------------------------------------------------------

function parseData(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return undefined;
  }
}

function showNotice({ title, description, variant }: NoticeEvent): void {
  const options = { description };
  if (variant === 'success') toast.success(title, options);
  else if (variant === 'error') toast.error(title, options);
  else toast(title, options);
}

/**
 * Collects changed tables and refreshes their queries after the debounce. Invalidation keeps the
 * cached data on screen while it refetches (`isFetching`, never `isPending`), so nothing flashes.
 */
function createReloader(queryClient: QueryClient) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;

  const flush = () => {
    timer = undefined;
    const roots = [...pending];
    pending.clear();
    for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
  };

  return {
    schedule(root: string) {
      const now = Date.now();
      if (pending.size === 0) firstAt = now;
      pending.add(root);
      if (timer) clearTimeout(timer);
      const wait = Math.min(
        REALTIME_RELOAD_DEBOUNCE_MS,
        Math.max(0, firstAt + REALTIME_RELOAD_MAX_WAIT_MS - now),
      );
      timer = setTimeout(flush, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/**
 * Handlers of the stream's data events, in the order they are listened to: `change` (drops a
 * deleted meeting's progress, schedules the reload of its table's queries), `progress` (the
 * meeting's step label), `notice` (ends the meeting's progress, shows the toast),
 * `contacts-sync` (for the Contacts page), and `live-segment` and `live-state` (a recording's
 * live draft transcript, for the live panel). Each passes its event on to the listeners;
 * malformed data is ignored. Exported for its tests; {@link useRealtime} wires it to the stream.
 */
export function createDataHandlers(
  reloader: Pick<ReturnType<typeof createReloader>, 'schedule'>,
): Record<string, (event: MessageEvent) => void> {
  return {
    change: (event) => {
      const parsed = changeEventSchema.safeParse(parseData(event));
      if (!parsed.success) return;
      const change = parsed.data;
      if (change.table === 'meetings' && change.op === 'DELETE') clearMeetingProgress(change.id);
      reloader.schedule(QUERY_ROOT_OF_TABLE[change.table]);
      broadcast({ type: 'change', data: change });
    },
    progress: (event) => {
      const parsed = progressEventSchema.safeParse(parseData(event));
      if (!parsed.success) return;
      const { meetingId, label } = parsed.data;
      if (progress.get(meetingId) !== label) setProgress(new Map(progress).set(meetingId, label));
      broadcast({ type: 'progress', data: parsed.data });
    },
    notice: (event) => {
      const parsed = noticeEventSchema.safeParse(parseData(event));
      if (!parsed.success) return;
      // A notice ends a pipeline (saved, failed, no speech): its step label is stale from now on.
      if (parsed.data.meetingId) clearMeetingProgress(parsed.data.meetingId);
      showNotice(parsed.data);
      broadcast({ type: 'notice', data: parsed.data });
    },
    // The contacts sync's state: the Contacts page shows it (features/contacts).
    'contacts-sync': (event) => {
      const parsed = contactsSyncEventSchema.safeParse(parseData(event));
      if (parsed.success) broadcast({ type: 'contacts-sync', data: parsed.data });
    },
    // A recording's live draft transcript: the live panel keeps its own copy (features/live).
    'live-segment': (event) => {
      const parsed = liveSegmentEventSchema.safeParse(parseData(event));
      if (parsed.success) broadcast({ type: 'live-segment', data: parsed.data });
    },
    'live-state': (event) => {
      const parsed = liveStateEventSchema.safeParse(parseData(event));
      if (parsed.success) broadcast({ type: 'live-state', data: parsed.data });
    },
  };
}

/**
 * Opens the realtime stream for as long as the calling component is mounted. Mount it exactly once,
 * inside the signed-in tree (the stream needs the session cookie, and unmounting on sign-out closes
 * it). The browser reconnects a dropped stream by itself; a stream it gives up on (an HTTP error
 * such as a restarting proxy's 502) is reopened here with a growing delay. After any reconnect, and
 * on the server's `resync`, every live list is reloaded once, as changes may have been missed. A
 * stream the server ended with `evicted` (the user has more tabs open than the server's per-user
 * cap) is reopened only once this tab is shown or focused again, so hidden tabs give way to the
 * ones in use instead of evicting each other in turn.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const reloader = createReloader(queryClient);
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_MIN_MS;
    let connectedBefore = false;
    let disposed = false;

    const onOpen = () => {
      retryDelay = RETRY_MIN_MS;
      if (connectedBefore) {
        reloadAfterMissedEvents(queryClient);
        broadcast({ type: 'reconnect' });
      }
      connectedBefore = true;
    };

    const onResync = () => {
      reloadAfterMissedEvents(queryClient);
      broadcast({ type: 'reconnect' });
    };

    // Evicted: stay closed until the user looks at this tab again.
    let waitingForVisible = false;
    const onVisible = () => {
      if (!waitingForVisible || disposed || document.visibilityState !== 'visible') return;
      stopWaitingForVisible();
      open();
    };
    function stopWaitingForVisible() {
      waitingForVisible = false;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    }
    const onEvicted = () => {
      close();
      waitingForVisible = true;
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('focus', onVisible);
    };

    const onError = () => {
      // CONNECTING means the browser retries by itself; CLOSED means it gave up.
      if (!source || source.readyState !== EventSource.CLOSED || disposed) return;
      close();
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    };

    // Listeners of the stream, by event name; a closed stream drops them all.
    const handlers: Record<string, (event: MessageEvent) => void> = {
      open: onOpen,
      ...createDataHandlers(reloader),
      resync: onResync,
      evicted: onEvicted,
      error: onError,
    };

    function open() {
      retryTimer = undefined;
      if (disposed) return;
      source = new EventSource('/api/events', { withCredentials: true });
      for (const [name, handler] of Object.entries(handlers)) {
        source.addEventListener(name, handler);
      }
    }

    function close() {
      if (!source) return;
      for (const [name, handler] of Object.entries(handlers)) {
        source.removeEventListener(name, handler);
      }
      source.close();
      source = undefined;
    }

    open();
    return () => {
      disposed = true;
      if (retryTimer) clearTimeout(retryTimer);
      stopWaitingForVisible();
      reloader.cancel();
      close();
    };
  }, [queryClient]);
}
