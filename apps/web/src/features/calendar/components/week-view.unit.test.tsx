/**
 * The week grid as HTML (rendered to static markup like the other web tests): the skeleton while
 * loading, the all-day row collapsed to counts when its events overlap, dashed unanswered events,
 * the time range only over 30 minutes, the current-time line on today only, and the notices.
 */
process.env.TZ = 'Europe/Berlin';

import type { CalendarEvent } from '@summy/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { calendarEventFixture } from '@/testing/fixtures';
import { NotConfiguredNotice, NotConnectedNotice, ReconnectNotice } from './calendar-notice';
import { CalendarScreen } from './calendar-screen';
import { WeekView } from './week-view';

const weekStart = new Date('2026-11-22T00:00:00');
const now = new Date('2026-11-26T10:30:00');

const event = (id: string, over: Partial<CalendarEvent>): CalendarEvent =>
  calendarEventFixture(
    id,
    new Date('2026-11-24T09:00:00').toISOString(),
    new Date('2026-11-24T10:00:00').toISOString(),
    over,
  );

const allDay = (id: string, startDate: string, endDate: string) =>
  event(id, { isAllDay: true, startDate, endDate, startTime: `${startDate}T00:00:00+01:00` });

function week(events: CalendarEvent[] | undefined, at = now) {
  return renderToStaticMarkup(
    <WeekView
      weekStart={weekStart}
      events={events}
      now={at}
      direction={null}
      accountOrder={[]}
      onSelect={() => undefined}
    />,
  );
}

/** The opening tag of the element carrying `data-event-id="id"`. */
function tagOf(html: string, id: string): string {
  return html.match(new RegExp(`<button[^>]*data-event-id="${id}"[^>]*>`))?.[0] ?? '';
}

describe('WeekView', () => {
  it('draws the skeleton grid while the week loads', () => {
    const html = week(undefined);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('animate-pulse');
    expect(html).not.toContain('data-event-id');
  });

  it('collapses overlapping all-day events to per-day counts', () => {
    const html = week([
      allDay('offsite', '2026-11-24', '2026-11-27'),
      allDay('holiday', '2026-11-25', '2026-11-26'),
    ]);
    expect(html).toContain('>2 events</button>');
    expect(html).toContain('>1 event</button>');
    expect(html).toContain('aria-label="Expand all-day events"');
    expect(tagOf(html, 'offsite')).toBe('');
  });

  it('shows all-day bars without a toggle when they do not overlap', () => {
    const html = week([allDay('offsite', '2026-11-24', '2026-11-26')]);
    expect(tagOf(html, 'offsite')).toContain('grid-column:3 / span 2');
    expect(html).not.toContain('all-day events"');
  });

  it('outlines unanswered events with dashes and writes ranges only over 30 minutes', () => {
    const html = week([
      event('invite', { myStatus: 'needsAction' }),
      event('short', {
        startTime: new Date('2026-11-25T09:00:00').toISOString(),
        endTime: new Date('2026-11-25T09:30:00').toISOString(),
      }),
    ]);
    expect(tagOf(html, 'invite')).toContain('border-dashed');
    expect(tagOf(html, 'invite')).toContain('Not answered');
    expect(html).toContain('9 – 10 AM');
    expect(tagOf(html, 'short')).not.toContain('border-dashed');
    expect(html).not.toContain('9 – 9:30 AM');
    // 09:00 is 720 px down, one hour 80 px tall.
    expect(tagOf(html, 'invite')).toContain('top:720px;height:80px');
  });

  it('draws the current-time line on today only', () => {
    expect(week([]).match(/current-time-line/g)).toHaveLength(1);
    // 10:30 is 840 px down (minus the line's own pixel).
    expect(week([])).toContain('top:839px');
    expect(week([], new Date('2026-12-10T10:00:00'))).not.toContain('current-time-line');
  });
});

describe('notices', () => {
  const connect = (isConnecting: boolean) =>
    renderToStaticMarkup(
      <NotConnectedNotice onConnect={() => undefined} isConnecting={isConnecting} />,
    );

  it('asks to connect, and says Connecting... while it does', () => {
    expect(connect(false)).toContain('Connect your Google Calendar');
    expect(connect(false)).toContain('Connect Google Calendar</button>');
    expect(connect(true)).toContain('Connecting...</button>');
  });

  it('says plainly that Google is not set up, with no button and no operator detail', () => {
    const html = renderToStaticMarkup(<NotConfiguredNotice />);
    expect(html).toContain('Google is not configured on this server');
    expect(html).toContain('Google sign-in is not set up on this server. Ask its administrator.');
    // Settings and files are the operator's: the server's log names them.
    expect(html).not.toMatch(/GOOGLE_CLIENT|docs\/|\.md\b/);
    expect(html).not.toContain('<button');
  });

  it('asks to reconnect when Google refused the tokens', () => {
    expect(
      renderToStaticMarkup(<ReconnectNotice onConnect={() => undefined} isConnecting={false} />),
    ).toContain('Authentication failed, please reconnect Google Calendar');
  });
});

describe('CalendarScreen', () => {
  it('shows the week header with its ISO week and the skeleton while loading', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <CalendarScreen connection="loading" onConnect={() => undefined} isConnecting={false} />
      </QueryClientProvider>,
    );
    expect(html).toMatch(/Week \d+/);
    expect(html).toContain('aria-busy="true"');
  });
});
