/**
 * Renaming a speaker of a meeting: the dialog a speaker's name on a transcript card opens. The
 * person types a name or picks one: another speaker of this meeting (the two become one speaker,
 * merged), an invited attendee, or a contact the app layer looks up. Saving renames the speaker
 * everywhere in the meeting (transcript, summary, action-item owners, the assistant's answers) and
 * offers Undo, which puts the previous names back. docs/product.md#meeting-view.
 */
import {
  normalizeSpeakerNames,
  speakerName,
  speakerNameSchema,
  type Meeting,
  type SpeakerNames,
} from '@summy/core';
import { Users } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRenameSpeakers } from '@/features/meetings/api/rename-speakers';

/**
 * Names of people matching what the person typed, drawn by the app layer (the contacts feature);
 * `pick` puts a name in the field.
 */
export type SpeakerNameSuggestions = (query: string, pick: (name: string) => void) => ReactNode;

/** Props of {@link RenameSpeakerDialog}. */
export interface RenameSpeakerDialogProps {
  meeting: Pick<Meeting, 'id' | 'speakerNames' | 'calendarEventAttendees'>;
  /** Every original label of the transcript, in the order they first speak. */
  labels: readonly string[];
  /** The speaker being renamed, as shown; null when the dialog is closed. */
  speaker: string | null;
  onClose: () => void;
  /** See {@link SpeakerNameSuggestions}. */
  suggestions?: SpeakerNameSuggestions;
}

/**
 * The names map after giving every label shown as `speaker` the name `name` (a name equal to a
 * label maps nothing for that label).
 */
export function renamedMap(
  labels: readonly string[],
  names: SpeakerNames,
  speaker: string,
  name: string,
): SpeakerNames {
  const next = labels.map((label) => {
    const shown = speakerName(label, names);
    return [label, shown === speaker ? name : shown] as const;
  });
  return normalizeSpeakerNames(Object.fromEntries(next), labels);
}

/**
 * The rename dialog; the form mounts anew each time it opens, starting from the current name. The
 * mutation lives here, mounted with the meeting view, so a toast's Undo works after the form closed.
 */
export function RenameSpeakerDialog({ speaker, onClose, ...props }: RenameSpeakerDialogProps) {
  const rename = useRenameSpeakers(props.meeting.id);
  // The name button that opened the dialog gets the focus back: it has no Radix trigger.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={speaker !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={() => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement ? active : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        {speaker !== null && (
          <RenameForm
            key={speaker}
            speaker={speaker}
            onClose={onClose}
            rename={rename}
            {...props}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The speakers' rename mutation, as {@link useRenameSpeakers} gives it. */
type RenameSpeakers = ReturnType<typeof useRenameSpeakers>;

/**
 * The toast action 'Undo' after a rename: it puts the `previous` names map back with `rename`, and
 * says in a toast whether that worked.
 */
export function undoRenameAction(rename: RenameSpeakers, previous: SpeakerNames) {
  return {
    label: 'Undo',
    onClick: () =>
      rename.mutate(previous, {
        onSuccess: () => toast.success('Speaker names restored'),
        onError: (err) => toast.error('Failed to rename speaker', { description: err.message }),
      }),
  };
}

/** The names the form offers: the meeting's other speakers, and invited attendees not among them. */
function useNameChoices(
  meeting: RenameSpeakerDialogProps['meeting'],
  labels: readonly string[],
  speaker: string,
) {
  const others = useMemo(
    () =>
      [...new Set(labels.map((label) => speakerName(label, meeting.speakerNames)))].filter(
        (shown) => shown !== speaker,
      ),
    [labels, meeting.speakerNames, speaker],
  );
  const attendees = useMemo(
    () =>
      [
        ...new Set(
          (meeting.calendarEventAttendees ?? [])
            .map((a) => a.name?.trim())
            .filter((name): name is string => Boolean(name)),
        ),
      ].filter((name) => name !== speaker && !others.includes(name)),
    [meeting.calendarEventAttendees, speaker, others],
  );
  return { others, attendees };
}

/** Props of the form inside {@link RenameSpeakerDialog}, mounted while it is open. */
type RenameFormProps = Omit<RenameSpeakerDialogProps, 'speaker'> & {
  speaker: string;
  rename: RenameSpeakers;
};

/**
 * The form's state: the typed name, its error, the speaker it would merge with, and saving (which
 * closes the form and offers Undo, or shows the server's refusal under the field).
 */
function useRenameForm({ meeting, labels, speaker, onClose, rename }: RenameFormProps) {
  const [value, setValue] = useState(speaker);
  const [error, setError] = useState<string | null>(null);
  const choices = useNameChoices(meeting, labels, speaker);

  const typed = value.trim().replace(/\s+/g, ' ');
  const mergeWith = choices.others.find((other) => other.toLowerCase() === typed.toLowerCase());

  const pick = (name: string) => {
    setValue(name);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = speakerNameSchema.safeParse(mergeWith ?? value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name');
      return;
    }
    const name = parsed.data;
    if (name === speaker) return onClose();
    const previous = meeting.speakerNames;
    rename.mutate(renamedMap(labels, previous, speaker, name), {
      onSuccess: () => {
        onClose();
        toast.success(
          mergeWith ? `Merged ${speaker} into ${name}` : `Renamed ${speaker} to ${name}`,
          {
            description: 'Transcript, summary and action items show the new name.',
            action: undoRenameAction(rename, previous),
          },
        );
      },
      onError: (err) => setError(err.message || 'Failed to rename speaker'),
    });
  };

  return { ...choices, value, error, typed, mergeWith, pick, submit };
}

/** The name field, with the error under it, or else the merge it would make. */
function NameField({
  id,
  speaker,
  value,
  error,
  mergeWith,
  onChange,
}: {
  id: string;
  speaker: string;
  value: string;
  error: string | null;
  mergeWith: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        Name of {speaker}
      </label>
      <Input
        id={`${id}-name`}
        value={value}
        // Focused by the dialog as its first field (an autoFocus would take the focus before the
        // dialog learns which button opened it).
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => onChange(event.target.value)}
        maxLength={80}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : mergeWith ? `${id}-merge` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {!error && mergeWith && (
        <p id={`${id}-merge`} className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Users className="size-3.5 shrink-0" aria-hidden="true" />
          {speaker} and {mergeWith} will be one speaker.
        </p>
      )}
    </div>
  );
}

/** The rename form: the name field, names to pick, suggestions, Cancel and Rename (or Merge). */
function RenameForm(props: RenameFormProps) {
  const { speaker, onClose, suggestions, rename } = props;
  const id = useId();
  const form = useRenameForm(props);

  return (
    <form onSubmit={form.submit} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Rename speaker</DialogTitle>
        <DialogDescription>
          Everywhere in this meeting: transcript, summary, action items and the assistant's answers.
        </DialogDescription>
      </DialogHeader>
      <NameField
        id={id}
        speaker={speaker}
        value={form.value}
        error={form.error}
        mergeWith={form.mergeWith}
        onChange={form.pick}
      />
      <NameChips
        title="Speakers in this meeting"
        names={form.others}
        hint="merge"
        onPick={form.pick}
      />
      <NameChips title="Invited" names={form.attendees} onPick={form.pick} />
      {suggestions?.(form.typed === speaker ? '' : form.typed, form.pick)}
      <DialogFooter className="mt-1">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending && <Spinner className="text-current" label="Saving" />}
          {form.mergeWith ? 'Merge' : 'Rename'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A titled row of names to pick; nothing when there are none. */
export function NameChips({
  title,
  names,
  hint,
  onPick,
}: {
  title: string;
  names: readonly string[];
  /** 'merge': picking one makes the two speakers one (said to screen readers too). */
  hint?: 'merge';
  onPick: (name: string) => void;
}) {
  const id = useId();
  if (names.length === 0) return null;
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-1.5">
      <p id={id} className="text-xs font-medium text-muted-foreground">
        {title}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {names.slice(0, 12).map((name) => (
          <button
            key={name}
            type="button"
            onClick={() => onPick(name)}
            aria-label={hint === 'merge' ? `${name} (merge)` : name}
            className={cn(
              'inline-flex h-7 max-w-full cursor-pointer items-center rounded-full border px-2.5 text-xs font-medium transition-colors outline-none',
              'hover:border-brand/40 hover:bg-brand-soft hover:text-brand-soft-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            )}
          >
            <span className="truncate">{name}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
