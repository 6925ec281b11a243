/**
 * Builders of API shapes for the web app's unit tests, so each test names only the fields it is
 * about. Test-only: nothing in the app imports this module.
 */
import type { CalendarEvent, Todo } from '@summy/core';

/** A timed, accepted calendar event of account 'acc-1' titled `id`, with `extra` over it. */
export function calendarEventFixture(
  id: string,
  startTime: string,
  endTime: string = startTime,
  extra: Partial<CalendarEvent> = {},
): CalendarEvent {
  return {
    id,
    title: id,
    startTime,
    endTime,
    isAllDay: false,
    startDate: null,
    endDate: null,
    isRecurring: false,
    recurringEventId: null,
    myStatus: 'accepted',
    accountId: 'acc-1',
    accountEmail: 'ada@acme.test',
    location: null,
    description: null,
    attendees: [],
    linkedMeetingId: null,
    htmlLink: null,
    ...extra,
  };
}

/** A manual to-do titled `title` (default `id`), created at `createdAt`, with `extra` over it. */
export function todoFixture(id: string, createdAt: string, extra: Partial<Todo> = {}): Todo {
  return {
    id,
    title: id,
    description: null,
    assignedTo: null,
    completed: false,
    completedAt: null,
    priority: false,
    meetingId: null,
    createdAt,
    dueDate: null,
    linearIssueId: null,
    linearIssueUrl: null,
    ...extra,
  };
}
