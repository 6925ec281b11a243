/**
 * My notes beside the recorder, composed here because the recorder and notes features do not
 * know each other. Before Start the notes are a draft in this browser, their blocks 'before';
 * at Start the draft becomes the new meeting's notes, and blocks written while recording are
 * 'during' at the recorder's time. The editor is the largest chunk of the app: it loads once
 * shown (bench/web budget of the home page).
 */
import { lazy, Suspense } from 'react';
import type { RecorderNotesContext } from '@/features/recorder/components/recorder-panel';

const MyNotes = lazy(() => import('@/features/notes/components/my-notes'));

/** The recorder panel's `notes` slot. */
export function recorderNotes(context: RecorderNotesContext) {
  return <RecorderNotes {...context} />;
}

function RecorderNotes({ meetingId, recording, elapsedMs }: RecorderNotesContext) {
  return (
    <Suspense fallback={<div className="min-h-64 rounded-2xl border" aria-busy="true" />}>
      <MyNotes
        // A new editor at Start: it takes in the draft written before.
        key={meetingId ?? 'draft'}
        meetingId={meetingId}
        adoptDraft
        autoFocus
        keyShortcuts={recording ? 'Alt+N' : undefined}
        stamp={recording ? { phase: 'during', t: elapsedMs } : { phase: 'before', t: null }}
      />
    </Suspense>
  );
}
