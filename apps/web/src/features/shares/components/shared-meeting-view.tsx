/**
 * The read-only page of a share link: the meeting's title and date and the parts its owner chose
 * (summary, action items, transcript with the owner's speaker names, recording, My notes). No
 * chat and no edit control. docs/product.md#share-links.
 */
import { parseTranscript, speakerName, type SharedMeeting } from '@summy/core';
import { CalendarDays, CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Brand } from '@/components/logo';
import { MarkdownText } from '@/components/markdown-text';
import { formatDate } from '@/lib/date-format';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

/** The page's frame: the brand and 'Shared read-only', around `children`. */
export function SharedFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <span className="text-xs text-muted-foreground">Shared read-only</span>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

/** The shared meeting's parts, in the meeting view's order, inside the share page's frame. */
export function SharedMeetingView({ meeting }: { meeting: SharedMeeting }) {
  return (
    <SharedFrame>
      <SharedMeetingBody meeting={meeting} />
    </SharedFrame>
  );
}

/**
 * The meeting's date and title, `aside` under the title (who shared it, Ask), then its parts:
 * recording, summary, action items, My notes, transcript; a part the answer leaves null is not
 * drawn. Read-only: no control changes anything.
 */
export function SharedMeetingBody({
  meeting,
  aside,
}: {
  meeting: SharedMeeting;
  aside?: ReactNode;
}) {
  return (
    <>
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={meeting.date}>
            {formatDate(new Date(meeting.date), 'EEEE, MMMM d, yyyy')}
          </time>
        </p>
        <h1 className="text-2xl leading-tight font-semibold tracking-tight break-words md:text-[28px]">
          {meeting.title}
        </h1>
        {aside}
      </header>
      {meeting.audioUrl && (
        <Part title="Recording">
          <audio controls preload="metadata" src={meeting.audioUrl} className="w-full" />
        </Part>
      )}
      {meeting.summary !== null && (
        <Part title="Summary">
          {meeting.summary.trim() ? (
            <MarkdownText markdown={meeting.summary} className="text-[15px] leading-7" />
          ) : (
            <p className="text-sm text-muted-foreground">No summary yet.</p>
          )}
        </Part>
      )}
      {meeting.actionItems !== null && <ActionItems items={meeting.actionItems} />}
      {meeting.notes !== null && (
        <Part title="My notes">
          <MarkdownText markdown={meeting.notes} className="text-[15px] leading-7" />
        </Part>
      )}
      {meeting.transcript !== null && <Transcript meeting={meeting} />}
    </>
  );
}

function ActionItems({ items }: { items: NonNullable<SharedMeeting['actionItems']> }) {
  return (
    <Part title="Action items">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No action items.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item, i) => (
            <li key={i} className="flex items-start gap-2 text-[15px]">
              {item.completed ? (
                <CheckCircle2 className="mt-1 size-4 shrink-0 text-primary" aria-label="Done" />
              ) : (
                <Circle className="mt-1 size-4 shrink-0 text-muted-foreground" aria-label="Open" />
              )}
              <span className={item.completed ? 'text-muted-foreground line-through' : ''}>
                {item.title}
                {item.assignedTo && (
                  <span className="text-muted-foreground"> · {item.assignedTo}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Transcript({ meeting }: { meeting: SharedMeeting }) {
  const turns = parseTranscript(meeting.transcript);
  return (
    <Part title="Transcript">
      {turns.length === 0 ? (
        <p className="text-sm text-muted-foreground">No transcript yet.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {turns.map((turn) => (
            <li key={turn.index} className="flex flex-col gap-1">
              <span className="text-sm font-medium">
                {speakerName(turn.speaker, meeting.speakerNames)}
              </span>
              <p className="text-[15px] leading-7 break-words text-foreground/90">{turn.text}</p>
            </li>
          ))}
        </ol>
      )}
    </Part>
  );
}
