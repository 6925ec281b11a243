/**
 * 'My notes': the person's own notes of a meeting in a rich-text editor (headings, bullets,
 * checkboxes, bold, italic, links), kept as Markdown blocks and saved as they type, browser first
 * (see utils/notes-sync.ts). Loaded on demand by the app layer: the editor is a large chunk the
 * meeting page's first JavaScript must not carry.
 */
import type { NoteBlock } from '@summy/core';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import { useNotesSync } from '../hooks/use-notes-sync';
import type { NoteStamp } from '../utils/block-meta';
import { blocksToDoc, docToBlocks } from '../utils/note-blocks';
import { noteExtensions } from '../utils/note-extensions';
import { SAVE_STATUS_WORDS } from '../utils/notes-sync';
import { NotesToolbar } from './notes-toolbar';
import './notes-editor.css';

/** The placeholder of an empty editor. */
export const NOTES_PLACEHOLDER =
  'Write your notes. A heading becomes a section of the summary; a checkbox becomes an action item.';

/** Props of {@link MyNotes}. */
export interface MyNotesProps {
  /** The meeting the notes belong to; null before Start (a draft kept in this browser). */
  meetingId: string | null;
  /** When a block written now is: phase, and recording ms while recording. Read at each edit. */
  stamp: NoteStamp;
  /** Take the notes written before Start into this meeting's (the recorder, at Start). */
  adoptDraft?: boolean;
  /** Put the cursor in the notes once they are shown (recording has just started). */
  autoFocus?: boolean;
  /** The editor's `aria-keyshortcuts`: the host's key that moves focus to it (Alt+N). */
  keyShortcuts?: string;
  className?: string;
}

/** My notes with its toolbar and save status; see the file. */
export default function MyNotes({
  meetingId,
  stamp,
  adoptDraft,
  autoFocus,
  keyShortcuts,
  className,
}: MyNotesProps) {
  const { blocks, status, edit } = useNotesSync(meetingId, adoptDraft);
  return (
    <section
      aria-label="My notes"
      className={cn(
        'flex min-h-64 flex-col overflow-hidden rounded-2xl border bg-card text-left text-card-foreground shadow-sm',
        className,
      )}
    >
      {blocks ? (
        <NotesEditor
          initial={blocks}
          stamp={stamp}
          onEdit={edit}
          autoFocus={autoFocus}
          keyShortcuts={keyShortcuts}
        />
      ) : (
        <div className="flex-1" aria-busy="true" />
      )}
      <p
        role="status"
        data-testid="my-notes-status"
        className="min-h-8 border-t px-4 py-1.5 text-xs text-muted-foreground"
      >
        {SAVE_STATUS_WORDS[status]}
      </p>
    </section>
  );
}

function NotesEditor({
  initial,
  stamp,
  onEdit,
  autoFocus,
  keyShortcuts,
}: {
  initial: NoteBlock[];
  stamp: NoteStamp;
  onEdit: (blocks: NoteBlock[]) => void;
  autoFocus?: boolean;
  keyShortcuts?: string;
}) {
  // The editor is made once; what it calls reads the latest props through these holders.
  const [live] = useState(() => latest({ stamp, onEdit }));
  useEffect(() => live.set({ stamp, onEdit }));
  const [extensions] = useState(() => [
    ...noteExtensions(() => live.get().stamp),
    Placeholder.configure({ placeholder: NOTES_PLACEHOLDER }),
  ]);
  const editor = useEditor({
    extensions,
    content: blocksToDoc(initial),
    autofocus: autoFocus ? 'end' : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-label': 'My notes',
        'aria-multiline': 'true',
        'data-testid': 'my-notes-editor',
        ...(keyShortcuts ? { 'aria-keyshortcuts': keyShortcuts } : {}),
        class: 'my-notes-editor px-4 py-3 text-sm',
      },
    },
    onUpdate: ({ editor: e }) => live.get().onEdit(docToBlocks(e.getJSON(), live.get().stamp)),
  });
  return (
    <>
      <NotesToolbar editor={editor} />
      <EditorContent editor={editor} className="flex flex-1 flex-col [&>div]:flex-1" />
    </>
  );
}

/** A value read later by callbacks made once (the editor's), set again after each render. */
function latest<T>(initial: T) {
  let value = initial;
  return { get: () => value, set: (next: T) => void (value = next) };
}
