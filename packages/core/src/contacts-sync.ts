/**
 * How a contacts sync tells the user's browsers where it is and what it did: the SSE event
 * `contacts-sync` of `GET /api/events`, sent by the `contacts.sync` job as it runs, whatever
 * started it (Sync now, connecting Google, the 30-minute schedule).
 */
import { z } from './zod.ts';

/** The steps of a sync, in order. */
export const CONTACT_SYNC_PHASES = ['reading', 'directory', 'saving', 'enriching'] as const;
/** A step of a sync. */
export type ContactSyncPhase = (typeof CONTACT_SYNC_PHASES)[number];

const count = z.number().int().min(0);
// Which sync an event is about: the id of its job, the one `POST /api/contacts/sync` answers. A
// page that asked for a sync waits for the end of that one, not of one already running.
const syncId = z.string().min(1);

/**
 * SSE event `contacts-sync`, each with the `syncId` of its job: `running` with the step and how far it got (`done` of `total`
 * items; both 0 when the step has no count), then `done` with what changed (contacts `saved`, of
 * them `added` new, `failed` skipped; `skipped` when the user has no Google token), or `failed`.
 */
export const contactsSyncEventSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('running'),
    syncId,
    phase: z.enum(CONTACT_SYNC_PHASES),
    done: count,
    total: count,
  }),
  z.object({
    state: z.literal('done'),
    syncId,
    saved: count,
    added: count,
    failed: count,
    skipped: z.boolean(),
  }),
  z.object({ state: z.literal('failed'), syncId }),
]);
/** A `contacts-sync` event. */
export type ContactsSyncEvent = z.infer<typeof contactsSyncEventSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a running sync is doing, for a status line: 'Looking up colleagues (12 of 24)'. */
export function contactSyncPhaseLabel(event: {
  phase: ContactSyncPhase;
  done: number;
  total: number;
}): string {
  const label = {
    reading: 'Reading your calendar and address book',
    directory: 'Looking up colleagues',
    saving: 'Saving contacts',
    enriching: 'Completing names and photos',
  }[event.phase];
  return event.total > 0 ? `${label} (${event.done} of ${event.total})` : label;
}

/** The toast of a finished sync: 'Synced 190 contacts, 12 new' (and how many failed, if any). */
export function contactSyncResultMessage(result: {
  saved: number;
  added: number;
  failed: number;
}): string {
  const synced = `Synced ${plural(result.saved, 'contact', 'contacts')}, ${result.added} new`;
  return result.failed > 0 ? `${synced}; ${result.failed} could not be saved` : synced;
}
