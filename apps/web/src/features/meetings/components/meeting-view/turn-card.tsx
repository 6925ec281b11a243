/** A transcript turn's card, drawn by the meeting view's transcript list. */
import { formatPlaybackTime, type TranscriptTurn } from '@summy/core';
import { Pencil, Play, TextCursorInput } from 'lucide-react';
import { memo, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { TurnStart } from './meeting-time';
import { SpeakerAvatar } from './speaker-avatar';

/** The speaker's name; a button opening the rename dialog when renaming is offered. */
function SpeakerName({
  speaker,
  onRename,
}: {
  speaker: string;
  onRename?: (speaker: string) => void;
}) {
  return (
    <h3 className="flex min-w-0 flex-1 text-sm font-semibold text-foreground">
      {onRename ? (
        <button
          type="button"
          onClick={() => onRename(speaker)}
          aria-label={`Rename ${speaker}`}
          title="Rename speaker"
          className="group/name -mx-1.5 inline-flex min-w-0 cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="truncate">{speaker}</span>
          <Pencil
            className="size-3 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover/name:opacity-100 group-focus-visible/name:opacity-100 pointer-coarse:opacity-60"
            aria-hidden="true"
          />
        </button>
      ) : (
        <span className="truncate">{speaker}</span>
      )}
    </h3>
  );
}

/**
 * Where the turn starts: a button playing from it ('Play' when the time is only estimated), or
 * the exact time as text when there is nothing to play.
 */
function TurnTime({
  turn,
  start,
  active,
  onPlay,
}: {
  turn: TranscriptTurn;
  start: TurnStart | null;
  active: boolean;
  onPlay?: (index: number) => void;
}) {
  if (!start) return null;
  const time = formatPlaybackTime(start.start);
  if (!onPlay) {
    return start.exact ? (
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{time}</span>
    ) : null;
  }
  return (
    <button
      type="button"
      onClick={() => onPlay(turn.index)}
      aria-label={`Play from ${start.exact ? '' : 'about '}${time} (${turn.speaker})`}
      className={cn(
        'inline-flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium text-muted-foreground tabular-nums transition-colors outline-none',
        'hover:border-brand/40 hover:bg-brand-soft hover:text-brand-soft-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'border-brand/40 bg-brand-soft text-brand-soft-foreground',
      )}
    >
      <Play className="size-3 fill-current" aria-hidden="true" />
      {start.exact ? time : 'Play'}
    </button>
  );
}

/**
 * The turn's 'Edit text' button: faint until the card is hovered or the button focused (always
 * shown on touch screens); focus comes back to it when the editor closes.
 */
function EditTextButton({
  turn,
  editing,
  onEdit,
}: {
  turn: TranscriptTurn;
  editing: boolean;
  onEdit: (turn: TranscriptTurn) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <button
      ref={button}
      type="button"
      onClick={() => onEdit(turn)}
      aria-expanded={editing}
      className={cn(
        'inline-flex h-7 min-w-7 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-1.5 text-xs font-medium text-muted-foreground outline-none transition-opacity hover:bg-accent hover:text-foreground focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        editing
          ? 'bg-accent text-foreground'
          : 'opacity-0 group-hover:opacity-100 pointer-coarse:opacity-100',
      )}
    >
      <TextCursorInput className="size-4" aria-hidden="true" />
      {/* Words on wide screens; the icon alone on a phone, where the header is narrow. */}
      <span className="max-sm:sr-only">Edit text</span>
    </button>
  );
}

/**
 * One speaker turn of the transcript: avatar, name (renamable when `onRename` is given), where it
 * starts in the recording (`start`, null when unknown) and its text, or `editor` in its place while
 * the text is being corrected ('Edit text', shown when `onEdit` is given). A click on the card
 * plays from the turn when `onPlay` is given; `active` marks the turn being played, `cited` the one
 * the assistant cited. Memoized: playback moves the highlight, which must not redraw every card.
 */
export const TurnCard = memo(function TurnCard({
  turn,
  start,
  slot,
  active,
  cited,
  onPlay,
  onRename,
  onEdit,
  editor = null,
}: {
  turn: TranscriptTurn;
  start: TurnStart | null;
  slot: number;
  active: boolean;
  cited: boolean;
  onPlay?: (index: number) => void;
  onRename?: (speaker: string) => void;
  onEdit?: (turn: TranscriptTurn) => void;
  editor?: ReactNode;
}) {
  const canPlay = Boolean(onPlay && start);
  const time = start ? formatPlaybackTime(start.start) : null;

  // A click anywhere on the card plays from the turn, unless the person was selecting text.
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (!canPlay) return;
    if ((event.target as HTMLElement).closest('button, form')) return;
    if (window.getSelection()?.toString()) return;
    onPlay?.(turn.index);
  };

  return (
    <article
      aria-label={`${turn.speaker}${time && start?.exact ? ` at ${time}` : ''}`}
      aria-current={active || cited ? 'true' : undefined}
      data-cited={cited ? 'true' : undefined}
      onClick={onCardClick}
      className={cn(
        'group rounded-xl border bg-card px-4 py-3.5 shadow-xs transition-[color,background-color,border-color,box-shadow] duration-500 motion-reduce:transition-none',
        canPlay && 'cursor-pointer hover:border-foreground/15 hover:bg-accent/30',
        active && 'border-brand/50 bg-brand-soft/60 hover:bg-brand-soft/60 dark:bg-brand-soft',
        cited &&
          'border-brand bg-brand-soft/60 ring-[3px] ring-brand/35 hover:bg-brand-soft/60 dark:bg-brand-soft dark:ring-brand/45',
      )}
    >
      <header className="flex items-center gap-3">
        <SpeakerAvatar speaker={turn.speaker} slot={slot} />
        <SpeakerName speaker={turn.speaker} onRename={onRename} />
        {onEdit && <EditTextButton turn={turn} editing={editor !== null} onEdit={onEdit} />}
        <TurnTime turn={turn} start={start} active={active} onPlay={onPlay} />
      </header>
      {editor ?? (
        <p className="mt-2.5 text-[15px] leading-7 break-words whitespace-pre-line text-foreground/90 sm:pl-11">
          {turn.text}
        </p>
      )}
    </article>
  );
});
