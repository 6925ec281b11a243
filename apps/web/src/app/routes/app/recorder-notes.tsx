/**
 * My notes beside the recorder, composed here because the recorder and notes features do not
 * know each other. Before Start the notes are a draft in this browser, their blocks 'before';
 * at Start the draft becomes the new meeting's notes, and blocks written while recording are
 * 'during' at the recorder's time. The editor is the largest chunk of the app, so before Start
 * it loads only when the person opens it (bench/web budget of the home page).
 */
import { NotebookPen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { RecorderNotesContext } from '@/features/recorder/components/recorder-panel';

const loadMyNotes = () => import('@/features/notes/components/my-notes');
const MyNotes = lazy(loadMyNotes);

/** The recorder panel's `notes` slot. */
export function recorderNotes(context: RecorderNotesContext) {
  return <RecorderNotes {...context} />;
}

function RecorderNotes({ meetingId, recording, elapsedMs }: RecorderNotesContext) {
  const [opened, setOpened] = useState(false);
  if (!recording && !opened) {
    return (
      <button
        type="button"
        className="flex min-h-32 w-full cursor-text flex-col items-start gap-2 rounded-2xl border border-dashed bg-card px-5 py-4 text-left text-card-foreground transition-colors outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        onPointerEnter={() => void loadMyNotes()}
        onFocus={() => void loadMyNotes()}
        onClick={() => setOpened(true)}
      >
        <span className="flex items-center gap-2 text-sm font-semibold">
          <NotebookPen className="size-4" aria-hidden="true" />
          My notes
        </span>
        <span className="text-sm text-muted-foreground">
          Write an agenda or questions before you start; keep writing while you record.
        </span>
      </button>
    );
  }
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
