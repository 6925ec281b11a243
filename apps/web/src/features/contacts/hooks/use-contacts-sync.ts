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
  const requestedRef = useRef(false);
  const [progress, setProgress] = useState<ContactsSyncProgress | null>(null);
  const progressRef = useRef<ContactsSyncProgress | null>(null);
  // Ends of syncs that were already running when the person asked: theirs is the next one.
  const endsToSkipRef = useRef(0);
  const [heardAt, setHeardAt] = useState(0);

  const settle = useCallback(() => {
    requestedRef.current = false;
    endsToSkipRef.current = 0;
    progressRef.current = null;
    setRequested(false);
    setProgress(null);
    void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
  }, [queryClient]);

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
          progressRef.current = event;
          setProgress(event);
          return;
        }
        if (requestedRef.current && endsToSkipRef.current > 0) {
          // The sync that was running at the click ended; the asked-for one comes next.
          endsToSkipRef.current--;
          progressRef.current = null;
          setProgress(null);
          void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
          return;
        }
        const asked = requestedRef.current;
        settle();
        if (!asked) return;
        if (event.state === 'failed') {
          toast.error(CONTACT_SYNC_FAILED, { description: 'Try again in a moment.' });
        } else if (event.skipped) {
          toast.error(CONTACT_SYNC_FAILED, { description: GOOGLE_MESSAGES.reconnect });
        } else {
          toast.success(contactSyncResultMessage(event));
        }
      }),
    [queryClient, settle],
  );

  // A requested sync whose end never came: stop waiting, show what is there.
  useEffect(() => {
    if (!requested) return;
    const id = setTimeout(settle, CONTACT_SYNC_SILENCE_MS);
    return () => clearTimeout(id);
  }, [requested, heardAt, settle]);

  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: ({ queued }) => {
        // A new job runs after the one running now; a waiting one (not queued) is the next to end.
        endsToSkipRef.current = queued && progressRef.current ? 1 : 0;
        requestedRef.current = true;
        setRequested(true);
        setHeardAt(Date.now());
        toast(queued ? 'Contacts sync started' : 'A contacts sync is already on its way', {
          description: 'You will see what changed when it finishes.',
        });
      },
      onError: (error) => toast.error(CONTACT_SYNC_FAILED, { description: error.message }),
    });

  return { syncNow, syncing: sync.isPending || requested || progress !== null, progress };
}
