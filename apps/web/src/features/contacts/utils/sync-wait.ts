/**
 * Which sync's end a page that asked for one is waiting for. Several syncs of one person can be
 * under way (one running, one waiting; connecting Google and the 30-minute schedule start them
 * too), and the page may not have heard the running one at all: it waits for the end of the sync
 * whose id `POST /api/contacts/sync` answered, and of no other. That end can come over the
 * realtime stream before the answer does, so ends heard meanwhile are kept for a moment.
 */
import type { ContactsSyncEvent } from '@summy/core';

/** The end of a sync: its result, or that it failed. */
export type ContactsSyncEnd = Exclude<ContactsSyncEvent, { state: 'running' }>;

/** How many recent ends are kept for an answer that comes after its sync's end. */
const KEPT_ENDS = 8;

/** What the page waits for: a sync's id (null: none asked for), and the ends heard lately. */
export interface SyncWait {
  waitingFor: string | null;
  recentEnds: readonly ContactsSyncEnd[];
}

/** Nothing asked for, nothing heard. */
export const NO_SYNC_WAIT: SyncWait = { waitingFor: null, recentEnds: [] };

/** What a step of the wait leaves: the new wait, and the end of the asked-for sync if it came. */
export interface SyncWaitStep {
  wait: SyncWait;
  /** The asked-for sync's end: the page stops waiting and says how it went. */
  finished: ContactsSyncEnd | null;
}

/** A sync's end was heard: the asked-for one finishes the wait; any other only refreshes. */
export function syncEnded(wait: SyncWait, end: ContactsSyncEnd): SyncWaitStep {
  if (wait.waitingFor === end.syncId) return { wait: NO_SYNC_WAIT, finished: end };
  return {
    wait: { ...wait, recentEnds: [...wait.recentEnds, end].slice(-KEPT_ENDS) },
    finished: null,
  };
}

/** The server answered the request with `syncId`: wait for it, unless its end came first. */
export function syncRequested(wait: SyncWait, syncId: string): SyncWaitStep {
  const ended = wait.recentEnds.find((e) => e.syncId === syncId);
  if (ended) return { wait: NO_SYNC_WAIT, finished: ended };
  return { wait: { waitingFor: syncId, recentEnds: wait.recentEnds }, finished: null };
}
