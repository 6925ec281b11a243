/**
 * The notes written around My notes, as the Summary mode shows them (`meeting.writtenNotes`):
 * each section under its heading, the person's own lines in the normal text colour with a small
 * 'your note' mark, the lines added around them muted, each with its citations as buttons that
 * play the recording from the cited turn and show it in the transcript (docs/product.md, Meeting
 * view).
 */
import { formatPlaybackTime, type WrittenBullet, type WrittenNotes } from '@summy/core';
import { Play } from 'lucide-react';
import { lazy } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TurnStart } from './meeting-time';

// The same lazily loaded renderer as the summary's Markdown (one chunk for both); the caller's
// Suspense boundary shows the summary's skeleton meanwhile, not the raw Markdown.
const InlineMarkdown = lazy(() =>
  import('@/components/markdown-text').then((m) => ({ default: m.MarkdownText })),
);

/** The line above notes written without a language model. */
export const EXTRACTIVE_NOTICE =
  'Your notes as written, then the extractive notes: written without a language model.';

/** The line above notes that fell back to the extractive ones after the model's answers. */
export const FALLBACK_NOTICE =
  'The language model left out some of your notes, so these are your notes as written, then the extractive notes.';

/**
 * A turn's start as a citation shows it: `m:ss` without a leading zero ('1:23', '0:05'), or
 * `h:mm:ss` past an hour.
 */
export function citationTime(seconds: number): string {
  return formatPlaybackTime(seconds).replace(/^0(\d:)/, '$1');
}

/** Props of {@link WrittenNotesView}. */
export interface WrittenNotesViewProps {
  notes: WrittenNotes;
  /** Where each transcript turn starts in the recording (null where unknown), by turn index. */
  starts: readonly (TurnStart | null)[];
  /**
   * Called with a cited turn's index when its citation is clicked: plays from it (when the
   * meeting has audio) and shows it in the transcript.
   */
  onCite: (index: number) => void;
  /** True when the meeting has a recording to play: the citations are named 'Play from …'. */
  canPlay: boolean;
}

/** The origin line above the notes, or null for notes a language model wrote. */
function originNotice(notes: WrittenNotes): string | null {
  if (notes.origin !== 'extractive') return null;
  return notes.fallbackReason ? FALLBACK_NOTICE : EXTRACTIVE_NOTICE;
}

/** One citation: the cited turn's start ('1:23'), or its number when its time is unknown. */
function Citation({
  index,
  start,
  canPlay,
  onCite,
}: {
  index: number;
  start: TurnStart | null;
  canPlay: boolean;
  onCite: (index: number) => void;
}) {
  const time = start ? citationTime(start.start) : null;
  const at = time ? `${start?.exact ? '' : 'about '}${time}` : null;
  const name = at
    ? canPlay
      ? `Play from ${at}`
      : `Show the turn at ${at}`
    : `Show turn ${index + 1}`;
  return (
    <Button
      variant="ghost"
      aria-label={name}
      onClick={() => onCite(index)}
      className="ml-1.5 h-5 gap-1 rounded-full border px-1.5 align-[0.1em] text-[11px] leading-none text-muted-foreground tabular-nums hover:border-brand/40 hover:bg-brand-soft hover:text-brand-soft-foreground"
    >
      {/* Sets a citation that plays apart from the marks beside it. */}
      {canPlay && time && <Play className="size-2.5 fill-current" aria-hidden="true" />}
      {time ?? `Turn ${index + 1}`}
    </Button>
  );
}

/** A small mark after a bullet's words ('your note', 'Not discussed'). */
function Mark({ children }: { children: string }) {
  return (
    <span className="ml-1.5 inline-flex h-5 items-center rounded-full border border-dashed px-1.5 align-[0.1em] text-[11px] leading-none font-medium whitespace-nowrap text-muted-foreground">
      {children}
    </span>
  );
}

/** One bullet: the person's line (normal colour, 'your note') or one added around them (muted). */
function Bullet({
  bullet,
  starts,
  canPlay,
  onCite,
}: { bullet: WrittenBullet } & Omit<WrittenNotesViewProps, 'notes'>) {
  const mine = bullet.noteRef !== null;
  return (
    <li
      data-origin={mine ? 'note' : 'model'}
      className={cn('pl-1 leading-7', mine ? 'text-foreground' : 'text-muted-foreground')}
    >
      <InlineMarkdown markdown={bullet.text} inline />
      {mine && <Mark>your note</Mark>}
      {!bullet.discussed && <Mark>Not discussed</Mark>}
      {bullet.citations.map((index) => (
        <Citation
          key={index}
          index={index}
          start={starts[index] ?? null}
          canPlay={canPlay}
          onCite={onCite}
        />
      ))}
    </li>
  );
}

/**
 * The written notes: the origin line when they were written without a language model, then each
 * section (a heading as h2, none for the lines before the notes' first heading) with its bullets.
 * Suspends until the Markdown renderer has loaded: draw it inside a Suspense boundary.
 */
export function WrittenNotesView({ notes, ...bulletProps }: WrittenNotesViewProps) {
  const notice = originNotice(notes);
  return (
    <div className="flex flex-col gap-6 text-[15px] break-words">
      {notice && <p className="text-sm text-muted-foreground">{notice}</p>}
      {notes.sections.map((section, i) =>
        section.bullets.length === 0 && !section.heading ? null : (
          <section key={`${i}-${section.heading ?? ''}`} className="flex flex-col gap-2.5">
            {section.heading && (
              <h2 className="text-lg font-semibold tracking-tight">{section.heading}</h2>
            )}
            {section.bullets.length > 0 && (
              <ul className="list-disc space-y-1.5 pl-6 marker:text-muted-foreground/70">
                {section.bullets.map((bullet, j) => (
                  <Bullet key={j} bullet={bullet} {...bulletProps} />
                ))}
              </ul>
            )}
          </section>
        ),
      )}
    </div>
  );
}
