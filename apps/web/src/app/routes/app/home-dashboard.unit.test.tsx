import type { CalendarEvent, MeetingList, Todo } from '@summy/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicConfigQueryOptions } from '@/features/auth/api/get-public-config';
import { getUpcomingEventsQueryOptions } from '@/features/calendar/api/get-upcoming-events';
import { getMeetingsQueryOptions } from '@/features/meetings/api/get-meetings';
import { RECENT_MEETINGS } from '@/features/meetings/components/recent-meetings';
import { RecorderContext, type RecorderContextValue } from '@/features/recorder/hooks/use-recorder';
import { getTodosQueryOptions } from '@/features/todos/api/get-todos';
import { calendarEventFixture, todoFixture } from '@/testing/fixtures';
import { HomeDashboard } from './home-dashboard';

const recorder: RecorderContextValue = {
  state: 'idle',
  meetingId: null,
  title: null,
  elapsedMs: 0,
  uploading: false,
  isStarting: false,
  recordedBytes: 0,
  analyser: null,
  callAnalyser: null,
  source: null,
  callEnded: false,
  chosenSource: 'microphone',
  chooseSource: () => {},
  start: async () => {},
  pause: () => {},
  resume: () => {},
  stop: async () => {},
  save: async () => {},
  checkPermission: async () => {},
  uploadFile: async () => {},
};

function event(id: string, startInMinutes: number, linkedMeetingId: string | null = null) {
  const start = Date.now() + startInMinutes * 60_000;
  return calendarEventFixture(
    id,
    new Date(start).toISOString(),
    new Date(start + 30 * 60_000).toISOString(),
    { linkedMeetingId },
  );
}

function todo(id: string, createdAt: string, completed = false) {
  return todoFixture(id, createdAt, { title: `Task ${id}`, completed });
}

interface Data {
  googleEnabled?: boolean;
  events?: CalendarEvent[];
  meetings?: MeetingList;
  todos?: Todo[];
}

function render({ googleEnabled, events, meetings, todos }: Data): string {
  const client = new QueryClient();
  if (googleEnabled !== undefined) {
    client.setQueryData(publicConfigQueryOptions().queryKey, { googleEnabled });
  }
  if (events) client.setQueryData(getUpcomingEventsQueryOptions().queryKey, events);
  if (meetings) {
    client.setQueryData(getMeetingsQueryOptions({ limit: RECENT_MEETINGS }).queryKey, meetings);
  }
  if (todos) client.setQueryData(getTodosQueryOptions().queryKey, todos);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecorderContext value={recorder}>
          <HomeDashboard />
        </RecorderContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('HomeDashboard', () => {
  it('shows the empty states, Start recording and every View all link', () => {
    const html = render({
      googleEnabled: true,
      events: [],
      meetings: { items: [], nextCursor: null },
      todos: [todo('done', '2026-11-01T10:00:00Z', true)],
    });
    expect(html).toContain('No recent meetings');
    expect(html).toContain('Start recording');
    expect(html).toContain('No upcoming events');
    expect(html).toContain('No tasks yet');
    expect(html).toContain('Tasks from your meetings will appear here');
    for (const href of ['/meetings', '/calendar', '/todos'])
      expect(html).toContain(`href="${href}"`);
  });

  it("shows 'Loading tasks...' while the to-dos load", () => {
    expect(render({ googleEnabled: true, events: [] })).toContain('Loading tasks...');
  });

  it('offers Record only on an event about to start or running that is not linked yet', () => {
    const html = render({
      googleEnabled: true,
      events: [event('Standup', 2), event('Running', -10), event('Review', 180)],
      meetings: { items: [], nextCursor: null },
      todos: [],
    });
    expect(html).toContain('aria-label="Record Standup"');
    expect(html).toContain('aria-label="Record Running"');
    expect(html).not.toContain('aria-label="Record Review"');

    const linked = render({ googleEnabled: true, events: [event('Linked', 1, 'meeting-1')] });
    expect(linked).not.toContain('aria-label="Record Linked"');
    expect(linked).toContain('href="/meeting/meeting-1"');
  });

  it("says 'No upcoming events' without Google on the server", () => {
    expect(render({ googleEnabled: false })).toContain('No upcoming events');
  });

  it('lists meetings as links to their pages', () => {
    const html = render({
      googleEnabled: false,
      meetings: {
        items: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            title: 'Kick-off',
            date: '2026-11-20T10:00:00.000Z',
            duration: 45,
            user_id: 'u1',
            isRecording: false,
            isProcessing: true,
            participants: ['Ada'],
          },
        ],
        nextCursor: null,
      },
    });
    expect(html).toContain('href="/meeting/00000000-0000-4000-8000-000000000001"');
    expect(html).toContain('Kick-off');
    expect(html).toContain('45 min');
    expect(html).toContain('Processing');
  });
});
