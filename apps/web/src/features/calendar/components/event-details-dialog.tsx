import type { CalendarEvent } from '@summy/core';
import { AlignLeft, CalendarDays, Clock, ExternalLink, MapPin, Repeat, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AttendeeAvatars } from '@/components/attendee-avatars';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { descriptionText, eventWhen } from '../utils/calendar-format';
import { RESPONSE_LABELS } from './event-block';

/** Props of {@link EventDetailsDialog}; `event` null closes it. */
export interface EventDetailsDialogProps {
  event: CalendarEvent | null;
  onClose: () => void;
}

/** An attendee's answer in the list, only when it is not plain acceptance. */
const ATTENDEE_RESPONSES: Record<string, string> = {
  tentative: 'Maybe',
  needsAction: 'Not answered',
  declined: 'Declined',
};

function Row({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Clock;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label={label} />
      <div className="min-w-0 flex-1 text-sm">{children}</div>
    </div>
  );
}

/**
 * A calendar event's details: when, the person's answer, location, attendees (avatars and the
 * list), description and the account it came from; 'Open meeting' when a Summy meeting is linked to
 * it, and the event in Google Calendar.
 */
export function EventDetailsDialog({ event, onClose }: EventDetailsDialogProps) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      {event && (
        <DialogContent
          className="gap-5"
          // The panel itself takes the focus, not the first avatar: a focused avatar opens its
          // tooltip over the details, and Escape would close that before the dialog.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="text-xl leading-snug break-words">{event.title}</DialogTitle>
            <DialogDescription className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{eventWhen(event)}</span>
            </DialogDescription>
            <EventBadges event={event} />
          </DialogHeader>

          <div className="flex flex-col gap-4">
            {event.location && (
              <Row icon={MapPin} label="Location">
                <span className="break-words">{event.location}</span>
              </Row>
            )}
            {event.attendees.length > 0 && (
              <Row icon={Users} label="Attendees">
                <EventAttendees attendees={event.attendees} />
              </Row>
            )}
            {event.description && (
              <Row icon={AlignLeft} label="Description">
                <p className="max-h-48 overflow-y-auto break-words whitespace-pre-wrap text-muted-foreground">
                  {descriptionText(event.description)}
                </p>
              </Row>
            )}
            <Row icon={CalendarDays} label="Calendar">
              <span className="break-all text-muted-foreground">{event.accountEmail}</span>
            </Row>
          </div>

          {(event.linkedMeetingId || event.htmlLink) && <EventLinks event={event} />}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The header's chips: 'Recurring' when it repeats, and the person's answer. */
function EventBadges({ event }: { event: CalendarEvent }) {
  return (
    <div className="flex flex-wrap gap-1.5 pt-1">
      {event.isRecurring && (
        <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground">
          <Repeat className="size-3" aria-hidden="true" />
          Recurring
        </span>
      )}
      <span
        className={cn(
          'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
          event.myStatus === 'needsAction'
            ? 'border border-dashed border-brand/60 text-brand-soft-foreground'
            : 'bg-brand-soft text-brand-soft-foreground',
        )}
      >
        {RESPONSE_LABELS[event.myStatus]}
      </span>
    </div>
  );
}

/** The guests as avatars with a count, then a list with each one's answer unless accepted. */
function EventAttendees({ attendees }: { attendees: CalendarEvent['attendees'] }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <AttendeeAvatars attendees={attendees} size="sm" />
        <span className="text-muted-foreground">
          {attendees.length} {attendees.length === 1 ? 'guest' : 'guests'}
        </span>
      </div>
      <ul aria-label="Guest list" className="flex max-h-48 flex-col gap-1.5 overflow-y-auto">
        {attendees.map((person) => (
          <li key={person.email} className="flex min-w-0 items-center gap-3">
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate">{person.name}</span>
              {person.name !== person.email && (
                <span className="truncate text-xs text-muted-foreground">{person.email}</span>
              )}
            </span>
            {person.responseStatus && ATTENDEE_RESPONSES[person.responseStatus] && (
              <span className="shrink-0 text-xs text-muted-foreground">
                {ATTENDEE_RESPONSES[person.responseStatus]}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer: the event in Google Calendar, and the Summy meeting linked to it. */
function EventLinks({ event }: { event: CalendarEvent }) {
  return (
    <DialogFooter>
      {event.htmlLink && (
        <Button variant="outline" asChild>
          <a href={event.htmlLink} target="_blank" rel="noreferrer noopener">
            <ExternalLink />
            Open in Google Calendar
          </a>
        </Button>
      )}
      {event.linkedMeetingId && (
        <Button asChild>
          <Link to={`/meeting/${event.linkedMeetingId}`}>Open meeting</Link>
        </Button>
      )}
    </DialogFooter>
  );
}
