/**
 * The 'Link calendar event' control of the meeting header: a button opening a search over the
 * user's calendars, up to 10 results, 'Loading events...' and 'No events found'. Before anything is
 * typed it suggests the events around the meeting's start (get-events-around.ts). The app layer
 * draws it only while the meeting is unlinked and Google is configured, and loads it lazily
 * (bench/web budget).
 */
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, type CalendarEvent, type Meeting } from '@summy/core';
import { CalendarPlus, LoaderCircle, Repeat, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { suggestionsHeading, useEventsAround } from '../api/get-events-around';
import { useLinkCalendarEvent } from '../api/link-calendar-event';
import { useSearchCalendarEvents } from '../api/search-calendar-events';
import { eventTimeLabel } from './event-time';

/** Quiet time after the last key before the search is sent, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

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
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const trimmed = text.trim().slice(0, 200);
  const query = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const typed = trimmed.length > 0;
  const search = useSearchCalendarEvents(query);
  const around = useEventsAround(meetingDate, !typed);
  const list = typed ? search : around;
  // While the debounce waits, the previous results would answer a different text.
  const events =
    typed && query !== trimmed ? undefined : list.data?.slice(0, CALENDAR_LIMITS.searchResults);
  const link = useLinkCalendarEvent(meetingId, (meeting) => {
    toast.success(CALENDAR_MESSAGES.linked, { description: CALENDAR_MESSAGES.linkedDetail });
    onLinked(meeting);
  });
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (list.error) {
      toast.error(CALENDAR_MESSAGES.loadFailed, {
        description: CALENDAR_MESSAGES.loadFailedDetail,
      });
    }
  }, [list.error]);

  const choose = (event: CalendarEvent | undefined) => {
    if (!event || link.isPending) return;
    link.mutate(event, {
      onError: () =>
        toast.error(CALENDAR_MESSAGES.linkFailed, {
          description: CALENDAR_MESSAGES.linkFailedDetail,
        }),
    });
  };

  const count = events?.length ?? 0;
  const current = Math.min(active, Math.max(count - 1, 0));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + count) % count);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : count - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(events?.[current]);
    }
  };

  const loading = events === undefined && !list.isError;
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
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
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
        {!typed && count > 0 && (
          <p className="px-2 pt-1 pb-1.5 text-xs font-medium text-muted-foreground">
            {suggestionsHeading(events ?? [], new Date(meetingDate))}
          </p>
        )}
        {loading ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground"
          >
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Loading events...
          </p>
        ) : list.isError ? (
          <p role="alert" className="px-3 py-8 text-center text-sm text-muted-foreground">
            {CALENDAR_MESSAGES.loadFailed}
          </p>
        ) : count === 0 ? (
          <div role="status" className="px-3 py-8 text-center">
            <p className="text-sm font-medium">No events found</p>
            <p className="mt-1 text-xs text-balance text-muted-foreground">
              {typed
                ? 'Search looks at the past 30 days and the next 7.'
                : 'Type to search the past 30 days and the next 7.'}
            </p>
          </div>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label="Calendar events"
          className={cn('flex flex-col gap-0.5', count === 0 && 'hidden')}
        >
          {events?.map((event, index) => {
            const linking = link.isPending && link.variables?.id === event.id;
            const elsewhere = event.linkedMeetingId !== null && event.linkedMeetingId !== meetingId;
            return (
              <li
                key={`${event.accountId}:${event.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                aria-disabled={link.isPending || undefined}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(event)}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm',
                  index === current && 'bg-accent text-accent-foreground',
                  link.isPending && !linking && 'opacity-50',
                )}
              >
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate font-medium">{event.title}</span>
                    {event.isRecurring && (
                      <Repeat
                        className="size-3 shrink-0 text-muted-foreground"
                        aria-label="Recurring"
                      />
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
          })}
        </ul>
      </div>
    </div>
  );
}
