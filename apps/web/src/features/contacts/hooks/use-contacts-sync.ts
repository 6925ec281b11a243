/**
 * 'Sync now' and what the Contacts page knows of a running sync. The server's `contacts.sync` job
 * announces its steps and its result over the realtime stream (`contacts-sync` events, see
 * lib/realtime.ts), whatever started it; the list is re-read when a sync ends, and a sync the
 * person asked for ends with a toast saying what changed ('Synced 190 contacts, 12 new').
 */
import { contactSyncResultMessage, GOOGLE_MESSAGES, type ContactsSyncEvent } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';
import { contactsQueryKey } from '../api/get-contacts';
import { useSyncContacts } from '../api/sync-contacts';
import {
  NO_SYNC_WAIT,
  syncEnded,
  syncRequested,
  type ContactsSyncEnd,
  type SyncWait,
} from '../utils/sync-wait';

/** A running sync's last announced step. */
export type ContactsSyncProgress = Extract<ContactsSyncEvent, { state: 'running' }>;

/**
 * How long a requested sync may stay silent before the page stops waiting for it, ms: a sync sends
 * a step at least every few seconds, so this long without a word means its end was missed (the
 * stream dropped, or the server restarted mid-sync). The list is re-read then anyway.
 */
export const CONTACT_SYNC_SILENCE_MS = 120_000;

/** Title of the toast of a sync that could not finish. */
export const CONTACT_SYNC_FAILED = 'Failed to sync contacts';

/** State and action of 'Sync now'. */
export interface ContactsSync {
  /** Asks the server for a sync; a toast says it started or was already on its way. */
  syncNow: () => void;
  /** True from the click until the sync's end is heard (or {@link CONTACT_SYNC_SILENCE_MS}). */
  syncing: boolean;
  /** The step a running sync announced last; null when none is running. */
  progress: ContactsSyncProgress | null;
}

/** 'Sync now', the running sync's step, and the result toast of a requested sync. */
export function useContactsSync(): ContactsSync {
  const queryClient = useQueryClient();
  const sync = useSyncContacts();
  const [requested, setRequested] = useState(false);
  const [progress, setProgress] = useState<ContactsSyncProgress | null>(null);
  // The asked-for sync's id, once the server answered, and the ends heard lately (utils/sync-wait).
  const waitRef = useRef<SyncWait>(NO_SYNC_WAIT);
  const [heardAt, setHeardAt] = useState(0);

  const settle = useCallback(() => {
    waitRef.current = { ...waitRef.current, waitingFor: null };
    setRequested(false);
    setProgress(null);
    void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
  }, [queryClient]);

  // The asked-for sync ended: stop waiting, say how it went.
  const finish = useCallback(
    (end: ContactsSyncEnd) => {
      settle();
      if (end.state === 'failed') {
        toast.error(CONTACT_SYNC_FAILED, { description: 'Try again in a moment.' });
      } else if (end.skipped) {
        toast.error(CONTACT_SYNC_FAILED, { description: GOOGLE_MESSAGES.reconnect });
      } else {
        toast.success(contactSyncResultMessage(end));
      }
    },
    [settle],
  );

  useEffect(
    () =>
      subscribeRealtime((message) => {
        // Events may have been missed while the stream was down: the list is re-read by the
        // stream itself only for meetings, to-dos and chats.
        if (message.type === 'reconnect') {
          void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
          return;
        }
        if (message.type !== 'contacts-sync') return;
        const event = message.data;
        setHeardAt(Date.now());
        if (event.state === 'running') {
          setProgress(event);
          return;
        }
        // Any sync's end refreshes the list; only the asked-for one's ends the wait. The end of
        // one that ran before the click (heard or not) is not it.
        const step = syncEnded(waitRef.current, event);
        waitRef.current = step.wait;
        setProgress(null);
        if (step.finished) finish(step.finished);
        else void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
      }),
    [queryClient, finish],
  );

  // A requested sync whose end never came: stop waiting, show what is there.
  useEffect(() => {
    if (!requested) return;
    const id = setTimeout(settle, CONTACT_SYNC_SILENCE_MS);
    return () => clearTimeout(id);
  }, [requested, heardAt, settle]);

  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: ({ queued, syncId }) => {
        const step = syncRequested(waitRef.current, syncId);
        waitRef.current = step.wait;
        setRequested(true);
        setHeardAt(Date.now());
        // Its end came over the stream before this answer: done already.
        if (step.finished) return finish(step.finished);
        toast(queued ? 'Contacts sync started' : 'A contacts sync is already on its way', {
          description: 'You will see what changed when it finishes.',
        });
      },
      onError: (error) => toast.error(CONTACT_SYNC_FAILED, { description: error.message }),
    });

  return { syncNow, syncing: sync.isPending || requested || progress !== null, progress };
}
