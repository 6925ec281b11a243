/**
 * `POST /api/meetings/:id/calendar-event`: links a meeting to a calendar event. The server stores
 * the calendar fields beside the meeting's own participants and creates the groups.
 */
import {
  linkedMeetingAnswerSchema,
  type CalendarEvent,
  type LinkCalendarEventInput,
  type Meeting,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { calendarLinkQueryKey } from './search-calendar-events';

/** The linked event payload for an event from search: attendees with their display names. */
export function linkPayload(event: CalendarEvent): LinkCalendarEventInput {
  return {
    id: event.id,
    title: event.title,
    attendees: event.attendees.map((attendee) => ({
      email: attendee.email,
      displayName: attendee.name,
    })),
    recurringEventId: event.recurringEventId,
    accountId: event.accountId,
  };
}

/**
 * Links `event` to the meeting; answers the meeting as saved (its groups, also answered, are read
 * by the header through `GET /api/meetings/:id/groups`). Throws `ApiRequestError`.
 */
export async function linkCalendarEvent(meetingId: string, event: CalendarEvent): Promise<Meeting> {
  const { groups: _groups, ...meeting } = await apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/calendar-event`,
    linkedMeetingAnswerSchema,
    { method: 'POST', json: linkPayload(event) },
  );
  return meeting;
}

/**
 * Mutation that links an event. `onLinked` hands the saved meeting to its owner (the meetings
 * feature's cache, through the app layer); the popover's own lists are dropped, since the event
 * now names this meeting as linked.
 */
export function useLinkCalendarEvent(meetingId: string, onLinked: (meeting: Meeting) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: CalendarEvent) => linkCalendarEvent(meetingId, event),
    onSuccess: (meeting) => {
      onLinked(meeting);
      queryClient.removeQueries({ queryKey: calendarLinkQueryKey });
    },
  });
}
