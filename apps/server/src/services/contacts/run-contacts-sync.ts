/**
 * One `contacts.sync` job: {@link syncContacts}, telling the user's browsers how it goes over the
 * realtime stream (SSE event `contacts-sync`): where it is while it runs, then how many contacts
 * were saved and how many are new, or that it failed. The Contacts page shows these; no browser
 * needs to poll.
 */
import type { ContactSyncPhase, ContactsSyncEvent } from '@summy/core';
import type { DatabaseHandle } from '@summy/db';
import { log } from '../../log.ts';
import { publishContactsSync } from '../../realtime/publish.ts';
import type { GoogleDeps } from '../../integrations/google/tokens.ts';
import { syncContacts, type ContactSyncResult, type SyncContactsOptions } from './sync-contacts.ts';

/** Least time between two progress events of one step, ms: a sync saves hundreds of contacts. */
export const CONTACT_SYNC_PROGRESS_GAP_MS = 500;

/** What {@link runContactsSync} needs: Google's deps and the database handle that publishes. */
export interface RunContactsSyncDeps extends GoogleDeps {
  database: DatabaseHandle;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Runs the user's contacts sync (`syncId`: its job's id, carried by every event) and publishes
 * its progress and result. A publish that fails is
 * logged and the sync goes on: the browser then re-reads the list at its next reconnect.
 * @returns the sync's result
 * @throws whatever {@link syncContacts} throws (the database going away), after publishing `failed`
 */
export async function runContactsSync(
  deps: RunContactsSyncDeps,
  sync: { userId: string; syncId: string },
  options: Pick<SyncContactsOptions, 'sleep'> = {},
): Promise<ContactSyncResult> {
  const { userId, syncId } = sync;
  const publish = (event: DistributiveOmit<ContactsSyncEvent, 'syncId'>) =>
    publishContactsSync(deps.database, userId, { ...event, syncId } as ContactsSyncEvent).catch(
      (err: unknown) => log.warn({ err, userId }, '[contacts] could not publish the sync state'),
    );
  let lastPhase: ContactSyncPhase | null = null;
  let lastAt = 0;
  const onProgress = (progress: { phase: ContactSyncPhase; done: number; total: number }) => {
    const at = Date.now();
    const last = progress.done === progress.total;
    if (progress.phase === lastPhase && !last && at - lastAt < CONTACT_SYNC_PROGRESS_GAP_MS) return;
    lastPhase = progress.phase;
    lastAt = at;
    void publish({ state: 'running', ...progress });
  };
  try {
    const result = await syncContacts(deps, userId, { ...options, onProgress });
    await publish({
      state: 'done',
      saved: result.saved,
      added: result.added,
      failed: result.failed,
      skipped: result.skipped,
    });
    return result;
  } catch (err) {
    await publish({ state: 'failed' });
    throw err;
  }
}
