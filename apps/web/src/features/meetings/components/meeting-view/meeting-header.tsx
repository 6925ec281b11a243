/**
 * The meeting view's header: date and time range, title, attendees or participants, the linked
 * calendar event's title with a 'Recurring' badge, or a control to link a calendar event (hidden
 * when already linked; docs/product.md#meeting-view). Participants (the speakers) always show; a
 * linked event's attendees show beside them and never replace them. The link control belongs to
 * the calendar-link feature and arrives as a prop from the app layer. A linked meeting's event
 * title and badge, its attendees (as avatars), its groups and a removed-account note load lazily
 * (meeting-calendar-details.tsx; bench/web budget).
 */
import type { Meeting, ProgressLabel } from '@summy/core';
import { CalendarDays, LoaderCircle, Users } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CallAudioEnded } from './capture-notes';
import { MeetingActionsMenu, type ShareDialogSlot } from './meeting-actions-menu';
import { meetingTimeRange } from './meeting-time';

const MeetingCalendarDetails = lazy(() => import('./meeting-calendar-details'));

/** Chips shown before 'Show all' on a crowded meeting. */
const VISIBLE_PEOPLE = 8;

/** Props of {@link MeetingHeader}. */
export interface MeetingHeaderProps {
  meeting: Meeting;
  /** True while recording or processing: a status pill with the live step shows. */
  busy: boolean;
  progress: ProgressLabel | null;
  /** The 'Link calendar event' control, drawn while the meeting is not linked (absent without Google). */
  linkControl?: ReactNode;
  /** The Share dialog, opened by the actions menu's 'Share' (absent: no 'Share'). */
  shareDialog?: ShareDialogSlot;
}

/**
 * The people heard in a meeting: its participants (speakers), trimmed, blanks and repeats left out.
 * A linked event's attendees never replace them; they show beside them, as who was invited.
 */
export function meetingPeople(meeting: Pick<Meeting, 'participants'>): string[] {
  return [...new Set(meeting.participants.map((p) => p.trim()).filter(Boolean))];
}

/** The meeting's date and time range; on a phone the time goes under a short date. */
function MeetingWhen({ meeting }: { meeting: Meeting }) {
  const { date, shortDate, time } = meetingTimeRange(meeting.date, meeting.duration);
  return (
    <p className="flex min-w-0 items-start gap-2 pt-0.5 text-sm text-muted-foreground">
      <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {/* Date and time share a line from 640 px; on a phone the time goes under the date. */}
      <span className="flex min-w-0 flex-col sm:flex-row sm:flex-wrap sm:gap-x-2">
        <time dateTime={meeting.date}>
          <span className="sm:hidden">{shortDate}</span>
          <span className="max-sm:hidden">{date}</span>
        </time>
        <span aria-hidden="true" className="text-muted-foreground/50 max-sm:hidden">
          ·
        </span>
        <span className="tabular-nums">{time}</span>
      </span>
    </p>
  );
}

/** 'Recording...' or the live processing step, with a spinner. */
function StatusPill({ meeting, progress }: { meeting: Meeting; progress: ProgressLabel | null }) {
  return (
    <p
      role="status"
      className="inline-flex w-fit items-center gap-2 rounded-full border border-brand/20 bg-brand-soft px-3 py-1 text-xs font-medium text-brand-soft-foreground"
    >
      <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
      {meeting.isRecording && !meeting.isProcessing ? 'Recording' : (progress ?? 'Processing')}
      ...
    </p>
  );
}

/**
 * The speakers as chips, the first {@link VISIBLE_PEOPLE} until 'Show all'; 'Speakers' tells them
 * apart from the event's attendees when `avatars` show too.
 */
function PeopleChips({
  people,
  avatars,
  showAll,
  onShowAll,
}: {
  people: readonly string[];
  avatars: boolean;
  showAll: boolean;
  onShowAll: (update: (value: boolean) => boolean) => void;
}) {
  const shown = showAll ? people : people.slice(0, VISIBLE_PEOPLE);
  return (
    <div className="flex items-start gap-2">
      <Users className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {avatars && (
        <span aria-hidden="true" className="pt-0.5 text-xs font-medium text-muted-foreground">
          Speakers
        </span>
      )}
      <ul aria-label="Participants" className="flex flex-wrap gap-1.5">
        {shown.map((person) => (
          <li
            key={person}
            className="max-w-[16rem] truncate rounded-full border bg-background px-2.5 py-0.5 text-xs font-medium text-foreground/80"
          >
            {person}
          </li>
        ))}
        {people.length > VISIBLE_PEOPLE && (
          <li>
            <button
              type="button"
              onClick={() => onShowAll((value) => !value)}
              className="cursor-pointer rounded-full px-2 py-0.5 text-xs font-medium text-brand-soft-foreground outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {showAll ? 'Show less' : `+${people.length - VISIBLE_PEOPLE} more`}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

/** Date, title, people, calendar link, the actions menu and when a call's audio ended. */
export function MeetingHeader({
  meeting,
  busy,
  progress,
  linkControl,
  shareDialog,
}: MeetingHeaderProps) {
  const linked = Boolean(meeting.calendarEventId || meeting.calendarEventTitle);
  // A linked event's attendees show as avatars (lazily); the chips always name the speakers, with
  // a visible word telling the two apart when both are there.
  const avatars = linked && (meeting.calendarEventAttendees?.length ?? 0) > 0;
  const people = meetingPeople(meeting);
  const [showAll, setShowAll] = useState(false);
  const link = linked ? null : linkControl;

  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <MeetingWhen meeting={meeting} />
        <MeetingActionsMenu
          meetingId={meeting.id}
          meetingTitle={meeting.title}
          calendarEventTitle={meeting.calendarEventTitle}
          linked={linked}
          shareDialog={shareDialog}
        />
      </div>

      <h1 className="text-2xl leading-tight font-semibold tracking-tight text-balance break-words md:text-[28px]">
        {meeting.title}
      </h1>

      {(busy || people.length > 0 || linked || link) && (
        <div className="flex flex-col gap-3">
          {busy && <StatusPill meeting={meeting} progress={progress} />}

          {linked && (
            // The row's height is held while the details' code arrives, so nothing below jumps.
            <Suspense fallback={<div className="h-6 w-56 animate-pulse rounded-full bg-muted" />}>
              <MeetingCalendarDetails meeting={meeting} />
            </Suspense>
          )}

          {people.length > 0 && (
            <PeopleChips
              people={people}
              avatars={avatars}
              showAll={showAll}
              onShowAll={setShowAll}
            />
          )}

          {link}
        </div>
      )}
      <CallAudioEnded seconds={meeting.callAudioEndedAt} />
    </header>
  );
}
