import type { Meeting } from '@summy/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import MeetingCalendarDetails, { attendeeSummary } from './meeting-calendar-details';

describe('attendeeSummary', () => {
  const person = (name: string | null, email = `${name ?? 'x'}@acme.test`) => ({ name, email });

  it('names up to three people and counts the rest', () => {
    expect(attendeeSummary([person('Ada')])).toBe('Ada');
    expect(attendeeSummary([person('Ada'), person('Bob')])).toBe('Ada and Bob');
    expect(attendeeSummary([person('Ada'), person('Bob'), person('Carol')])).toBe(
      'Ada, Bob and Carol',
    );
    expect(attendeeSummary(['Ada', 'Bob', 'Carol', 'Dave', 'Eve'].map((n) => person(n)))).toBe(
      'Ada, Bob and 3 others',
    );
  });

  it('falls back to the e-mail without a name', () => {
    expect(attendeeSummary([person(null, 'room@acme.test'), person('  ', 'x@acme.test')])).toBe(
      'room@acme.test and x@acme.test',
    );
  });
});

describe('MeetingCalendarDetails', () => {
  const linked = {
    id: 'm1',
    calendarEventId: 'evt_1',
    calendarEventTitle: 'Weekly sync',
    calendarRecurringEventId: 'series',
    calendarEventAttendees: [
      { email: 'ada@acme.test', name: 'Ada Lovelace' },
      { email: 'carol@globex.test', name: 'Carol Smith' },
    ],
    calendarAccountEmail: 'ada.personal@example-mail.test',
    calendarAccountRemoved: false,
  } as Meeting;

  function render(meeting: Meeting): string {
    return renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>
          <MeetingCalendarDetails meeting={meeting} />
        </TooltipProvider>
      </QueryClientProvider>,
    );
  }

  it('shows the event title, the Recurring badge and the attendees', () => {
    const html = render(linked);
    expect(html).toContain('Weekly sync');
    expect(html).toContain('Recurring');
    expect(html).toContain('aria-label="Carol Smith (carol@globex.test)"');
    expect(html).toContain('Ada Lovelace and Carol Smith');
    expect(html).not.toContain('account removed');
  });

  it('says quietly when the account it was linked through was removed', () => {
    const html = render({
      ...linked,
      calendarRecurringEventId: null,
      calendarAccountRemoved: true,
    });
    expect(html).toContain('Linked through ada.personal@example-mail.test (account removed)');
    expect(html).not.toContain('Recurring');
  });
});
