/**
 * Correcting what a transcript turn says, in place on its card: a textarea ('Text of this turn'),
 * 'Save' and 'Cancel'; Ctrl/Cmd+Enter saves, Escape cancels. A save answers with the toast 'Turn
 * text saved' whose 'Undo' puts the old text back. The draft lives with the list, not the card, so
 * it survives the card leaving the virtualized list. docs/product.md#meeting-view.
 */
import { parseTranscript, type TranscriptTurn } from '@summy/core';
import {
  useCallback,
  useId,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useEditTranscriptTurn } from '@/features/meetings/api/edit-transcript-turn';

/** The turn being edited: its index, the text it had when editing began, and the draft. */
export interface TurnDraft {
  index: number;
  previous: string;
  text: string;
  /** Why the last save was refused, shown under the field. */
  error: string | null;
}

/** What {@link useTurnTextEditing} gives the list and the editor. */
export interface TurnTextEditing {
  draft: TurnDraft | null;
  saving: boolean;
  /** Opens the editor on a turn (closing any other). */
  start: (turn: TranscriptTurn) => void;
  change: (text: string) => void;
  cancel: () => void;
  save: () => void;
}

const EMPTY = 'Write the text of the turn: it cannot be empty';

/**
 * The editing state of one meeting's transcript and its save: an unchanged text just closes the
 * editor; a refusal (empty, 409 when the transcript changed, busy) stays in the editor with the
 * server's words.
 */
export function useTurnTextEditing(meetingId: string): TurnTextEditing {
  const [draft, setDraft] = useState<TurnDraft | null>(null);
  const edit = useEditTranscriptTurn(meetingId);
  const start = useCallback(
    (turn: TranscriptTurn) =>
      setDraft({ index: turn.index, previous: turn.text, text: turn.text, error: null }),
    [],
  );
  const change = useCallback(
    (text: string) => setDraft((d) => d && { ...d, text, error: null }),
    [],
  );
  const cancel = useCallback(() => setDraft(null), []);
  const save = () => {
    if (!draft || edit.isPending) return;
    const { index, previous, text } = draft;
    if (!text.trim()) return setDraft({ ...draft, error: EMPTY });
    if (text === previous) return setDraft(null);
    edit.mutate(
      { index, text, previous },
      {
        onSuccess: (meeting) => {
          setDraft(null);
          // The server tidies the text (trimmed, no blank lines): undo names what it stored.
          const saved = parseTranscript(meeting.transcript)[index]?.text ?? text;
          toast.success('Turn text saved', {
            action: {
              label: 'Undo',
              onClick: () =>
                edit.mutate(
                  { index, text: previous, previous: saved },
                  {
                    onSuccess: () => toast.success('Turn text restored'),
                    onError: (err) =>
                      toast.error('Failed to restore the text', { description: err.message }),
                  },
                ),
            },
          });
        },
        onError: (err) =>
          setDraft((d) => d && { ...d, error: err.message || 'Failed to save the text' }),
      },
    );
  };
  return { draft, saving: edit.isPending, start, change, cancel, save };
}

/** What a key pressed in the editor does: Ctrl/Cmd+Enter saves, Escape cancels. */
export function editorKeyAction(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
}): 'save' | 'cancel' | null {
  if (event.key === 'Escape') return 'cancel';
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'save';
  return null;
}

/** The editor shown in place of a turn's text. */
export function TurnTextEditor({
  draft,
  saving,
  onChange,
  onSave,
  onCancel,
}: {
  draft: TurnDraft;
  saving: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = editorKeyAction(event);
    if (!action) return;
    event.preventDefault();
    // Escape closes this editor only, not a panel or dialog around it.
    event.stopPropagation();
    if (action === 'save') onSave();
    else onCancel();
  };
  return (
    <form onSubmit={submit} className="mt-2.5 flex flex-col gap-2 sm:pl-11">
      <textarea
        value={draft.text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        // Opened by the person's own click or key on 'Edit text': the field takes the focus.
        autoFocus
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        readOnly={saving}
        aria-label="Text of this turn"
        aria-keyshortcuts="Control+Enter Meta+Enter Escape"
        aria-invalid={draft.error ? true : undefined}
        aria-describedby={draft.error ? errorId : undefined}
        className="block max-h-[60vh] min-h-24 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-[15px] leading-7 text-foreground shadow-xs outline-none [field-sizing:content] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/20"
      />
      {draft.error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {draft.error}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saving} title="Save (Ctrl+Enter or ⌘+Enter)">
          {saving && <Spinner label="Saving" />}
          Save
        </Button>
      </div>
    </form>
  );
}

/** The editor for turn `index` when it is the one being corrected, else null. */
export function turnEditorOf(editing: TurnTextEditing, index: number): ReactNode {
  const { draft } = editing;
  if (draft?.index !== index) return null;
  return (
    <TurnTextEditor
      draft={draft}
      saving={editing.saving}
      onChange={editing.change}
      onSave={editing.save}
      onCancel={editing.cancel}
    />
  );
}
