/**
 * One editor's NotesSync: loads the notes (browser copy or server, see notes-sync.ts), keeps
 * saving edits, sends again when the browser comes back online, and saves at once when the page
 * is hidden or closed.
 */
import type { NoteBlock } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { getMeetingNotesQueryOptions } from '../api/get-meeting-notes';
import { saveMeetingNotesCached } from '../api/save-meeting-notes';
import { DRAFT_KEY, indexedDbNotesStore, meetingNotesKey } from '../utils/notes-db';
import { NotesSync, type SaveStatus } from '../utils/notes-sync';

/** What {@link useNotesSync} answers. */
export interface NotesSyncState {
  /** The notes to start from; null while loading. */
  blocks: NoteBlock[] | null;
  status: SaveStatus;
  /** Takes the editor's blocks after each edit (saved once typing pauses). */
  edit: (blocks: NoteBlock[]) => void;
}

/**
 * The notes of `meetingId`, or with null the notes written before Start (kept in this browser).
 * With `adoptDraft`, the notes written before Start are taken into the meeting's.
 */
export function useNotesSync(meetingId: string | null, adoptDraft = false): NotesSyncState {
  const queryClient = useQueryClient();
  const [sync, setSync] = useState<NotesSync | null>(null);
  const [blocks, setBlocks] = useState<NoteBlock[] | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');

  useEffect(() => {
    const next = new NotesSync({
      key: meetingId ? meetingNotesKey(meetingId) : DRAFT_KEY,
      store: indexedDbNotesStore,
      server: meetingId
        ? {
            load: () => queryClient.fetchQuery(getMeetingNotesQueryOptions(meetingId)),
            save: (b) => saveMeetingNotesCached(queryClient, meetingId, b),
          }
        : null,
      adopt: meetingId && adoptDraft ? DRAFT_KEY : undefined,
      onStatus: setStatus,
      isRefusal,
      onRefused: (error) =>
        toast.error('My notes were not saved on the server', {
          description: `${(error as Error).message}. They are kept on this device.`,
        }),
    });
    let live = true;
    void next.load().then((loaded) => {
      if (!live) return;
      setBlocks(loaded);
      setSync(next);
    });
    const retry = () => void next.retry();
    const flush = () => void next.flush();
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('online', retry);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      live = false;
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      next.dispose();
    };
  }, [meetingId, adoptDraft, queryClient]);

  return { blocks, status, edit: (b) => sync?.edit(b) };
}

/**
 * The server refused these notes (too long, NUL characters: 400, 413, 422): sending them again
 * cannot help. Anything else (offline, 5xx, a 404 while a meeting is being created elsewhere) is
 * retried.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 413, 422].includes(error.status);
}
