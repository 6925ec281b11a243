import type { MeetingListItem } from '@summy/core';
import { CalendarDays, Clock, Users } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatDate, isSameYear } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { formatMeetingDuration, meetingState, participantsLine } from '../utils/meeting-format';
import { MeetingIcon, UNTITLED_MEETING } from './sidebar-meeting-row';

/** When a meeting happened: 'Tue, Nov 24, 2:05 PM' this year, 'Nov 24, 2025' before. */
function meetingWhen(iso: string, now: Date): string {
  const date = new Date(iso);
  if (isSameYear(date, now)) {
    return `${formatDate(date, 'EEE, MMM d')}, ${formatDate(date, 'h:mm a')}`;
  }
  return formatDate(date, 'MMM d, yyyy');
}

const STATE_LABEL = { recording: 'Recording', processing: 'Processing' } as const;

/** Props of {@link MeetingRow}. */
export interface MeetingRowProps {
  meeting: MeetingListItem;
  /** The clock the date is read against (this year's dates leave out the year). */
  now: Date;
  /** Compact rows (the dashboard) show date and duration only, no participants line. */
  compact?: boolean;
}

/**
 * One meeting as a link to /meeting/{id} (cards link to /meeting/{id}): its title, date, duration,
 * participants and, while it is not done, its processing state in words ('Recording',
 * 'Processing').
 */
export const MeetingRow = memo(function MeetingRow({ meeting, now, compact }: MeetingRowProps) {
  const state = meetingState(meeting);
  const duration = formatMeetingDuration(meeting.duration);
  const people = compact ? null : participantsLine(meeting.participants);
  return (
    <Link
      to={`/meeting/${meeting.id}`}
      className="group flex min-w-0 items-start gap-3 rounded-lg px-3 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="mt-0.5 flex">
        <MeetingIcon meeting={meeting} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium">
            {meeting.title.trim() || UNTITLED_MEETING}
          </span>
          {state !== 'ready' && (
            // The icon already names the state to screen readers.
            <span
              aria-hidden="true"
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium',
                state === 'recording'
                  ? 'bg-red-500/10 text-red-700 dark:text-red-300'
                  : 'bg-brand-soft text-brand-soft-foreground',
              )}
            >
              {STATE_LABEL[state]}
            </span>
          )}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <time dateTime={meeting.date}>{meetingWhen(meeting.date, now)}</time>
          </span>
          {duration && (
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Duration</span>
              {duration}
            </span>
          )}
          {people && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Users className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Participants</span>
              <span className="truncate">{people}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
});
