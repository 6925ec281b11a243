/**
 * 'Last time': for a meeting of a series (one recurring event, or the same attendees or named
 * speakers), the previous meeting's overview, decisions and the user's notes of it (a few lines,
 * then 'Show all'), the series' action items still open
 * with their owners, and the ones this meeting suggests are done, each to confirm ('Mark done')
 * or dismiss ('Still open'). Drawn above the summary; nothing for a meeting of no series or a
 * series with nothing before it. docs/product.md#series-memory.
 */
import {
  noteLinesOf,
  plainMarkdown,
  type CarriedItem,
  type LikelyDoneItem,
  type MeetingSeries,
  type NoteLine,
} from '@summy/core';
import { Check, CircleDashed, History, Quote, Square, SquareCheck, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useConfirmLikelyDone } from '@/features/meetings/api/confirm-likely-done';
import { useDismissLikelyDone } from '@/features/meetings/api/dismiss-likely-done';

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** 'Nov 20'. */
const day = (iso: string) => dayFormat.format(new Date(iso));

/** Props of {@link LastTime}. */
export interface LastTimeProps {
  meetingId: string;
  /** The meeting's series, once loaded; undefined while loading or when it failed. */
  series: MeetingSeries | undefined;
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
      {children}
    </h3>
  );
}

function Owner({ item }: { item: CarriedItem }) {
  return item.assignedTo ? (
    <span className="text-muted-foreground"> · {item.assignedTo}</span>
  ) : null;
}

/** An open item; its meeting named when it is older than the previous one. */
function OpenItem({ item, previousId }: { item: CarriedItem; previousId: string | null }) {
  return (
    <li className="flex min-w-0 items-start gap-2 text-sm">
      <CircleDashed className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {item.title}
        <Owner item={item} />
        {item.meetingId !== previousId && (
          <span className="text-muted-foreground">
            {' '}
            · from{' '}
            <Link to={`/meeting/${item.meetingId}`} className="underline-offset-2 hover:underline">
              {day(item.meetingDate)}
            </Link>
          </span>
        )}
      </span>
    </li>
  );
}

function LikelyDone({
  meetingId,
  item,
  busy,
  onConfirm,
  onDismiss,
}: {
  meetingId: string;
  item: LikelyDoneItem;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const said = item.position === null ? null : `/meeting/${meetingId}?turn=${item.position}`;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-emerald-600/20 bg-emerald-50/60 px-3 py-2 sm:flex-row sm:items-start sm:gap-3 dark:border-emerald-400/20 dark:bg-emerald-950/30">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-sm break-words">
          <span className="font-medium">{item.title}</span>
          <Owner item={item} />
        </span>
        <span className="flex min-w-0 items-start gap-1 text-xs text-muted-foreground">
          <Quote className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          {said ? (
            <Link
              to={said}
              className="min-w-0 break-words italic underline-offset-2 hover:underline"
              title="Show in the transcript"
            >
              {item.evidence}
            </Link>
          ) : (
            <span className="min-w-0 break-words italic">{item.evidence}</span>
          )}
        </span>
      </div>
      <div className="flex shrink-0 gap-1.5">
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-7 gap-1 px-2 text-emerald-800 dark:text-emerald-300"
          disabled={busy}
          onClick={onConfirm}
          aria-label={`Mark done: ${item.title}`}
        >
          <Check aria-hidden="true" />
          Mark done
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-7 gap-1 px-2 text-muted-foreground"
          disabled={busy}
          onClick={onDismiss}
          aria-label={`Keep open: ${item.title}`}
        >
          <X aria-hidden="true" />
          Still open
        </Button>
      </div>
    </li>
  );
}

/** Confirming and dismissing the suggested items, each with a toast; `busy` while either runs. */
function useLikelyDoneActions(meetingId: string) {
  const confirm = useConfirmLikelyDone(meetingId);
  const dismiss = useDismissLikelyDone(meetingId);
  return {
    busy: confirm.isPending || dismiss.isPending,
    confirm: (item: LikelyDoneItem) =>
      confirm.mutate(item.id, {
        onSuccess: () => toast.success(`Marked done: ${item.title}`),
        onError: (err) =>
          toast.error('Failed to update the action item', {
            description: err.message,
          }),
      }),
    dismiss: (item: LikelyDoneItem) =>
      dismiss.mutate(item.id, {
        onError: (err) =>
          toast.error('Failed to dismiss the suggestion', {
            description: err.message,
          }),
      }),
  };
}

/** 'Last time', and the previous meeting's title and day as a link. */
function Heading({ id, previous }: { id: string; previous: MeetingSeries['previous'] }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
      <h2 id={id} className="flex items-center gap-1.5 text-sm font-semibold">
        <History className="size-4 text-brand" aria-hidden="true" />
        Last time
      </h2>
      {previous && (
        <Link
          to={`/meeting/${previous.id}`}
          className="min-w-0 truncate text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
        >
          {previous.title} · {day(previous.date)}
        </Link>
      )}
    </div>
  );
}

/** The previous meeting's decisions; nothing when it made none. */
function Decisions({ id, decisions }: { id: string; decisions: readonly string[] }) {
  if (decisions.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <SectionTitle id={id}>Decisions</SectionTitle>
      <ul aria-labelledby={id} className="flex flex-col gap-1 text-sm">
        {decisions.map((d, i) => (
          <li key={i} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1 shrink-0 rounded-full bg-brand" />
            <span className="min-w-0 break-words">{d}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Lines of the previous meeting's notes shown before 'Show all'. */
export const NOTES_PREVIEW_LINES = 4;

/** One line of the notes as plain text: a heading in bold, a checkbox line with its box. */
function NoteLineItem({ line }: { line: NoteLine }) {
  const text = plainMarkdown(line.text);
  if (line.kind === 'heading') return <li className="font-medium">{text}</li>;
  const Box = line.checked ? SquareCheck : Square;
  return (
    <li className="flex gap-2">
      {line.kind === 'task' ? (
        <Box className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      ) : (
        <span
          aria-hidden="true"
          className="mt-2 size-1 shrink-0 rounded-full bg-muted-foreground"
        />
      )}
      <span className="min-w-0 break-words">
        {line.kind === 'task' && (
          <span className="sr-only">{line.checked ? 'Done: ' : 'To do: '}</span>
        )}
        {text}
      </span>
    </li>
  );
}

/** The user's notes of the previous meeting: a few lines, the rest behind 'Show all'. */
function PreviousNotes({ id, markdown }: { id: string; markdown: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const lines = markdown ? noteLinesOf([{ id: 'n', phase: 'after', t: null, markdown }]) : [];
  if (lines.length === 0) return null;
  const long = lines.length > NOTES_PREVIEW_LINES;
  const shown = expanded || !long ? lines : lines.slice(0, NOTES_PREVIEW_LINES);
  return (
    <div className="flex flex-col gap-1.5">
      <SectionTitle id={id}>Your notes last time</SectionTitle>
      <ul id={`${id}-lines`} aria-labelledby={id} className="flex flex-col gap-1 text-sm">
        {shown.map((line) => (
          <NoteLineItem key={line.ref} line={line} />
        ))}
      </ul>
      {long && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto self-start p-0 text-xs"
          aria-expanded={expanded}
          aria-controls={`${id}-lines`}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show less' : 'Show all'}
        </Button>
      )}
    </div>
  );
}

/** The items this meeting suggests are done, each to confirm or dismiss; nothing when none. */
function LikelyDoneList({
  id,
  meetingId,
  items,
  actions,
}: {
  id: string;
  meetingId: string;
  items: readonly LikelyDoneItem[];
  actions: ReturnType<typeof useLikelyDoneActions>;
}) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <SectionTitle id={id}>Likely done in this meeting</SectionTitle>
      <ul aria-labelledby={id} className="flex flex-col gap-1.5">
        {items.map((item) => (
          <LikelyDone
            key={item.id}
            meetingId={meetingId}
            item={item}
            busy={actions.busy}
            onConfirm={() => actions.confirm(item)}
            onDismiss={() => actions.dismiss(item)}
          />
        ))}
      </ul>
    </div>
  );
}

/** The series' items still open and not suggested done; nothing when none. */
function StillOpen({
  id,
  items,
  previousId,
}: {
  id: string;
  items: readonly CarriedItem[];
  previousId: string | null;
}) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <SectionTitle id={id}>Still open ({items.length})</SectionTitle>
      <ul aria-labelledby={id} className="flex flex-col gap-1">
        {items.map((item) => (
          <OpenItem key={item.id} item={item} previousId={previousId} />
        ))}
      </ul>
    </div>
  );
}

/** The 'Last time' card; nothing until the series is loaded, or when there is nothing to show. */
export function LastTime({ meetingId, series }: LastTimeProps) {
  // Held by the card, which stays mounted with the view, so a toast follows every answer.
  const actions = useLikelyDoneActions(meetingId);
  if (!series?.series) return null;
  const { previous, openItems, likelyDone } = series;
  if (!previous && openItems.length === 0) return null;
  const suggested = new Set(likelyDone.map((d) => d.id));
  const stillOpen = openItems.filter((i) => !suggested.has(i.id));
  const id = `last-time-${meetingId}`;

  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3.5 rounded-xl border border-border bg-muted/30 px-4 py-3.5"
    >
      <Heading id={id} previous={previous} />
      {previous?.overview && (
        <p className="line-clamp-3 text-sm text-muted-foreground">{previous.overview}</p>
      )}
      <Decisions id={`${id}-decisions`} decisions={previous?.decisions ?? []} />
      <PreviousNotes id={`${id}-notes`} markdown={previous?.notes ?? null} />
      <LikelyDoneList
        id={`${id}-done`}
        meetingId={meetingId}
        items={likelyDone}
        actions={actions}
      />
      <StillOpen id={`${id}-open`} items={stillOpen} previousId={previous?.id ?? null} />
    </section>
  );
}
