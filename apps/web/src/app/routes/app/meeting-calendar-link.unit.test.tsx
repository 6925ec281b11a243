import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicConfigQueryOptions } from '@/features/auth/api/get-public-config';
import MeetingCalendarLink from './meeting-calendar-link';

function render(googleEnabled: boolean | undefined): string {
  const client = new QueryClient();
  if (googleEnabled !== undefined) {
    client.setQueryData(publicConfigQueryOptions().queryKey, { googleEnabled });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MeetingCalendarLink meetingId="m1" meetingDate="2026-11-23T09:00:00Z" onLinked={() => {}} />
    </QueryClientProvider>,
  );
}

describe('MeetingCalendarLink', () => {
  it("offers 'Link calendar event' where Google is configured", () => {
    expect(render(true)).toContain('Link calendar event');
  });

  it('draws nothing without Google on the server, or before that is known', () => {
    expect(render(false)).toBe('');
    expect(render(undefined)).toBe('');
  });
});
