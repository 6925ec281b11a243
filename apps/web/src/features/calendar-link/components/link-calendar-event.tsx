/**
 * The 'Link calendar event' control of the meeting header: a button opening a search over the
 * user's calendars, up to 10 results, 'Loading events...' and 'No events found'. Before anything is
 * typed it suggests the events around the meeting's start (get-events-around.ts). The app layer
 * draws it only while the meeting is unlinked and Google is configured, and loads it lazily
 * (bench/web budget).
 */
import { CALENDAR_MESSAGES, type CalendarEvent, type Meeting } from '@summy/core';
import { CalendarPlus, LoaderCircle, Repeat, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { suggestionsHeading } from '../api/get-events-around';
import { SEARCH_MAX_CHARS, useEventSearch } from '../hooks/use-event-search';
import { eventTimeLabel } from './event-time';

/** Props of {@link LinkCalendarEvent}. */
export interface LinkCalendarEventProps {
  meetingId: string;
  /** The meeting's start (ISO 8601): the suggestions are the events around it. */
  meetingDate: string;
  /** Receives the linked meeting as the server saved it (the app layer puts it in the view). */
  onLinked: (meeting: Meeting) => void;
}

/** The button and its popover. */
export default function LinkCalendarEvent({
  meetingId,
  meetingDate,
  onLinked,
}: LinkCalendarEventProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="w-fit text-muted-foreground">
          <CalendarPlus aria-hidden="true" />
          Link calendar event
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96 p-0" aria-label="Link calendar event">
        {open && (
          <EventSearch
            meetingId={meetingId}
            meetingDate={meetingDate}
            onLinked={(meeting) => {
              setOpen(false);
              onLinked(meeting);
            }}
          />
        )}
      </PopoverContent>
    </Popover>
  );
}

/** The search box and the results; mounted while the popover is open, so each opening starts afresh. */
function EventSearch({ meetingId, meetingDate, onLinked }: LinkCalendarEventProps) {
  const search = useEventSearch(meetingId, meetingDate, onLinked);
  const { events, count, current, link } = search;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="flex flex-col">
      <div className="relative border-b">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          type="search"
          role="combobox"
          aria-label="Search calendar events"
          aria-autocomplete="list"
          aria-expanded={count > 0}
          aria-controls={listId}
          aria-activedescendant={count > 0 ? optionId(current) : undefined}
          placeholder="Search calendar events..."
          value={search.text}
          maxLength={SEARCH_MAX_CHARS}
          onChange={(event) => search.changeText(event.target.value)}
          onKeyDown={search.onKeyDown}
          className="h-11 w-full rounded-t-lg bg-transparent pr-3 pl-9 text-base outline-none placeholder:text-muted-foreground md:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
      </div>

      {/* Focusable so the keyboard can scroll a long list too (the options themselves are
          chosen from the search box). */}
      <div
        tabIndex={0}
        aria-label="Calendar events"
        className="max-h-[min(24rem,60vh)] overflow-y-auto rounded-b-md p-1.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {!search.typed && count > 0 && (
          <p className="px-2 pt-1 pb-1.5 text-xs font-medium text-muted-foreground">
            {suggestionsHeading(events ?? [], new Date(meetingDate))}
          </p>
        )}
        <SearchStatus
          loading={search.loading}
          isError={search.isError}
          empty={count === 0}
          typed={search.typed}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Calendar events"
          className={cn('flex flex-col gap-0.5', count === 0 && 'hidden')}
        >
          {events?.map((event, index) => (
            <EventOption
              key={`${event.accountId}:${event.id}`}
              id={optionId(index)}
              event={event}
              meetingId={meetingId}
              selected={index === current}
              pending={link.isPending}
              linking={link.isPending && link.variables?.id === event.id}
              onHover={() => search.setActive(index)}
              onChoose={() => search.choose(event)}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** 'Loading events...', the load failure, or 'No events found' with where search looks. */
function SearchStatus({
  loading,
  isError,
  empty,
  typed,
}: {
  loading: boolean;
  isError: boolean;
  empty: boolean;
  typed: boolean;
}) {
  if (loading) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground"
      >
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading events...
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="px-3 py-8 text-center text-sm text-muted-foreground">
        {CALENDAR_MESSAGES.loadFailed}
      </p>
    );
  }
  if (!empty) return null;
  return (
    <div role="status" className="px-3 py-8 text-center">
      <p className="text-sm font-medium">No events found</p>
      <p className="mt-1 text-xs text-balance text-muted-foreground">
        {typed
          ? 'Search looks at the past 30 days and the next 7.'
          : 'Type to search the past 30 days and the next 7.'}
      </p>
    </div>
  );
}

/** Props of {@link EventOption}. */
interface EventOptionProps {
  id: string;
  event: CalendarEvent;
  /** The meeting being linked: an event linked to any other says so. */
  meetingId: string;
  /** Highlighted: Enter links it. */
  selected: boolean;
  /** Some event is being linked: the others dim and take no choice. */
  pending: boolean;
  /** This event is the one being linked: it shows a spinner. */
  linking: boolean;
  onHover: () => void;
  onChoose: () => void;
}

/** One event in the list: title (and a recurring mark), time, and the account it came from. */
function EventOption({ event, meetingId, selected, pending, linking, ...props }: EventOptionProps) {
  const elsewhere = event.linkedMeetingId !== null && event.linkedMeetingId !== meetingId;
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={selected}
      aria-disabled={pending || undefined}
      onMouseMove={props.onHover}
      onClick={props.onChoose}
      className={cn(
        'flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm',
        selected && 'bg-accent text-accent-foreground',
        pending && !linking && 'opacity-50',
      )}
    >
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-medium">{event.title}</span>
          {event.isRecurring && (
            <Repeat className="size-3 shrink-0 text-muted-foreground" aria-label="Recurring" />
          )}
        </span>
        <span className="truncate text-xs text-muted-foreground tabular-nums">
          {eventTimeLabel(event)}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {event.accountEmail}
          {elsewhere && ' · linked to another meeting'}
        </span>
      </span>
      {linking && (
        <LoaderCircle
          className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground"
          aria-label="Linking"
        />
      )}
    </li>
  );
}
