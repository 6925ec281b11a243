/**
 * The Home dashboard's three sections as the app layer composes them: each section comes from its
 * feature (meetings, calendar, to-dos), and the actions that cross features are wired here, since
 * features do not import each other: 'Start recording' in the empty meetings section is the
 * recorder's, and 'Record' on an event about to start or running starts a recording linked to that
 * event (calendar-link's `POST /api/meetings/:id/calendar-event`).
 */
import { TEXT_LIMITS, type CalendarEvent } from '@summy/core';
import { Circle, Mic } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { isRecordableEvent } from '@/features/calendar/api/get-upcoming-events';
import { UpcomingEvents } from '@/features/calendar/components/upcoming-events';
import { linkCalendarEvent } from '@/features/calendar-link/api/link-calendar-event';
import { RecentMeetings } from '@/features/meetings/components/recent-meetings';
import { useRecorder } from '@/features/recorder/hooks/use-recorder';
import { RecentTodos } from '@/features/todos/components/recent-todos';
import { toast } from '@/lib/toast';

/** The toast when the recording started but the event could not be linked to it. */
export const RECORD_LINK_FAILED = {
  title: "Couldn't link the calendar event",
  description: 'The recording goes on; link the event from the meeting page.',
} as const;

/** The dashboard: recent meetings across the top, upcoming events and recent to-dos below. */
export function HomeDashboard() {
  const recorder = useRecorder();
  const googleEnabled = usePublicConfig().data?.googleEnabled;
  // Another recording (or its hand-over to the server) must finish before a new one starts.
  const busy = recorder.isStarting || (recorder.state !== 'idle' && recorder.state !== 'denied');

  const recordEvent = (event: CalendarEvent) =>
    void recorder.start({
      // Google allows longer titles than a meeting keeps.
      title: event.title.slice(0, TEXT_LIMITS.title),
      onMeetingCreated: (meetingId) =>
        linkCalendarEvent(meetingId, event).catch((error: unknown) => {
          console.warn('Linking the calendar event failed', error);
          toast.error(RECORD_LINK_FAILED.title, { description: RECORD_LINK_FAILED.description });
        }),
    });

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid lg:col-span-2">
        <RecentMeetings
          startRecording={
            <Button size="sm" disabled={busy} onClick={() => void recorder.start()}>
              {recorder.isStarting ? (
                <Spinner className="text-current" label="Starting" />
              ) : (
                <Mic />
              )}
              Start recording
            </Button>
          }
        />
      </div>
      <UpcomingEvents
        calendarEnabled={googleEnabled}
        eventAction={(event, now) =>
          isRecordableEvent(event, now) && !event.linkedMeetingId ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Record ${event.title}`}
              onClick={() => recordEvent(event)}
            >
              <Circle className="fill-red-500 text-red-500" aria-hidden="true" />
              Record
            </Button>
          ) : null
        }
      />
      <RecentTodos />
    </div>
  );
}
