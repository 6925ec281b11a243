/**
 * Names suggested for a meeting's speakers, from the voices the person named in earlier meetings
 * (or the other attendee of a two-person meeting): one chip per speaker, to accept (the speaker
 * is renamed everywhere, with Undo) or dismiss. Drawn under the header in every mode, only while
 * there is something to decide. docs/product.md#speaker-names.
 */
import type { Meeting } from '@summy/core';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDismissSpeakerSuggestion } from '@/features/meetings/api/dismiss-speaker-suggestion';
import { useRenameSpeakers } from '@/features/meetings/api/rename-speakers';
import { renamedMap, undoRenameAction } from './rename-speaker-dialog';

/** Props of {@link SpeakerSuggestions}. */
export interface SpeakerSuggestionsProps {
  meeting: Meeting;
  /** The transcript's labels in speaking order. */
  labels: readonly string[];
}

/** A round icon button of a suggestion chip, disabled while an answer is being saved. */
function ChipAction({
  className,
  label,
  busy,
  onClick,
  children,
}: {
  className: string;
  label: string;
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="icon-sm"
      variant="ghost"
      className={cn('size-7 rounded-full', className)}
      aria-label={label}
      disabled={busy}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** One suggestion: 'label → name', with its reason as a tooltip, and accept and dismiss buttons. */
function SuggestionChip({
  label,
  name,
  similarity,
  busy,
  onAccept,
  onDismiss,
}: {
  label: string;
  name: string;
  /** Voice similarity (cosine, -1 to 1); null when the name is the other attendee's. */
  similarity: number | null;
  busy: boolean;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  return (
    <li
      className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-background py-0.5 pr-0.5 pl-3 text-sm shadow-xs"
      title={
        similarity === null
          ? 'The other attendee of this meeting'
          : `Voice similarity ${Math.round(similarity * 100)}%`
      }
    >
      <span className="min-w-0 truncate">
        <span className="text-muted-foreground">{label}</span>
        <span aria-hidden="true" className="px-1 text-muted-foreground">
          →
        </span>
        <span className="font-medium">{name}</span>
        <span className="sr-only">?</span>
      </span>
      <ChipAction
        className="text-emerald-700 hover:text-emerald-800 dark:text-emerald-400"
        label={`Accept ${name} for ${label}`}
        busy={busy}
        onClick={onAccept}
      >
        <Check aria-hidden="true" />
      </ChipAction>
      <ChipAction
        className="text-muted-foreground"
        label={`Dismiss ${name} for ${label}`}
        busy={busy}
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </ChipAction>
    </li>
  );
}

/** The chips; nothing when no suggestion is pending or the meeting is busy. */
export function SpeakerSuggestions({ meeting, labels }: SpeakerSuggestionsProps) {
  const rename = useRenameSpeakers(meeting.id);
  const dismiss = useDismissSpeakerSuggestion(meeting.id);
  const pending = labels.flatMap((label) => {
    const s = meeting.speakerSuggestions[label];
    return s ? [{ label, ...s }] : [];
  });
  if (pending.length === 0 || meeting.isProcessing || meeting.isRecording) return null;
  const busy = rename.isPending || dismiss.isPending;

  const accept = (label: string, name: string) => {
    const previous = meeting.speakerNames;
    rename.mutate(renamedMap(labels, previous, label, name), {
      onSuccess: () =>
        toast.success(`Renamed ${label} to ${name}`, {
          description: 'Transcript, summary and action items show the new name.',
          action: undoRenameAction(rename, previous),
        }),
      onError: (err) => toast.error('Failed to rename speaker', { description: err.message }),
    });
  };

  return (
    <section
      aria-labelledby={`speaker-suggestions-${meeting.id}`}
      className="flex flex-col gap-2 rounded-xl border border-border bg-muted/40 px-4 py-3"
    >
      <div className="flex flex-col gap-0.5">
        <h2 id={`speaker-suggestions-${meeting.id}`} className="text-sm font-medium">
          Who’s speaking?
        </h2>
        <p className="text-xs text-muted-foreground">
          Suggested from voices you named in earlier meetings and the invited attendees.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2">
        {pending.map(({ label, name, similarity }) => (
          <SuggestionChip
            key={label}
            label={label}
            name={name}
            similarity={similarity}
            busy={busy}
            onAccept={() => accept(label, name)}
            onDismiss={() =>
              dismiss.mutate(label, {
                onError: (err) =>
                  toast.error('Failed to dismiss the suggestion', { description: err.message }),
              })
            }
          />
        ))}
      </ul>
    </section>
  );
}
