/**
 * 'Last time' rendered to static HTML: the previous meeting with its overview and decisions, the
 * items likely done (with what was said, linked to its turn, and their two answers), the items
 * still open (an older meeting's named by its day), the user's notes of the previous meeting (a
 * few lines, then 'Show all'), and nothing when there is nothing to recall.
 */
import type { MeetingSeries } from '@summy/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LastTime } from './last-time';

const ID = '11111111-1111-4111-8111-111111111111';
const PREV = '22222222-2222-4222-8222-222222222222';
const OLDER = '33333333-3333-4333-8333-333333333333';
const item = (n: number, title: string, meetingId = PREV, assignedTo: string | null = null) => ({
  id: `4444444${n}-4444-4444-8444-444444444444`,
  title,
  assignedTo,
  meetingId,
  meetingTitle: 'Weekly sync',
  meetingDate: meetingId === PREV ? '2026-11-20T10:00:00.000Z' : '2026-11-13T10:00:00.000Z',
});

const SERIES: MeetingSeries = {
  series: { kind: 'event', name: 'Weekly sync', meetingCount: 3, meetingIds: [ID, PREV, OLDER] },
  previous: {
    id: PREV,
    title: 'Weekly sync',
    date: '2026-11-20T10:00:00.000Z',
    overview: 'The team reviewed the launch plan.',
    decisions: ['Launch moves to March.'],
    notes: null,
  },
  openItems: [
    item(1, 'Send the client deck', PREV, 'Carol Diaz'),
    item(2, 'Book the venue', PREV),
    item(3, 'Renew the domain', OLDER, 'Dan'),
  ],
  likelyDone: [
    {
      ...item(1, 'Send the client deck', PREV, 'Carol Diaz'),
      evidence: 'I sent the client deck on Monday.',
      position: 4,
    },
  ],
};

function render(series: MeetingSeries | undefined): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LastTime meetingId={ID} series={series} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('LastTime', () => {
  it('recalls the previous meeting, the items likely done and those still open', () => {
    const html = render(SERIES);
    const shown = text(html);
    expect(shown).toContain('Last time');
    expect(html).toContain(`href="/meeting/${PREV}"`);
    expect(shown).toContain('The team reviewed the launch plan.');
    expect(shown).toContain('Launch moves to March.');
    // The likely-done item, with what was said linked to its turn, and the two answers.
    expect(shown).toContain('Likely done in this meeting');
    expect(html).toContain(`href="/meeting/${ID}?turn=4"`);
    expect(shown).toContain('I sent the client deck on Monday.');
    expect(html).toContain('aria-label="Mark done: Send the client deck"');
    expect(html).toContain('aria-label="Keep open: Send the client deck"');
    // Still open: the others, not the suggested one again; an older meeting's item says its day.
    expect(shown).toContain('Still open (2)');
    expect(shown).toContain('Book the venue');
    expect(shown).toMatch(/Renew the domain · Dan · from Nov 13/);
    // Its title is shown once: under 'Likely done', not again under 'Still open'.
    expect(shown.match(/Send the client deck/g)).toHaveLength(1);
  });

  it('draws nothing before the series is loaded, for no series, or with nothing to recall', () => {
    expect(render(undefined)).toBe('');
    expect(render({ series: null, previous: null, openItems: [], likelyDone: [] })).toBe('');
    expect(render({ ...SERIES, previous: null, openItems: [], likelyDone: [] })).toBe('');
  });

  it('shows open items alone when the previous meeting is not known', () => {
    const shown = text(render({ ...SERIES, previous: null, likelyDone: [] }));
    expect(shown).toContain('Still open (3)');
    expect(shown).not.toContain('Decisions');
  });

  it("shows the previous meeting's notes under 'Your notes last time', a few lines then 'Show all'", () => {
    const notes = [
      '## Budget',
      '- Ask about the **volume discount**',
      '- [x] Send the quote',
      '- [ ] Call the bank',
      'Fifth line stays hidden',
      'Sixth too',
    ].join('\n');
    const html = render({ ...SERIES, previous: { ...SERIES.previous!, notes } });
    const shown = text(html);
    expect(shown).toContain('Your notes last time');
    expect(shown).toContain('Budget');
    // Markdown marks are not shown as they are typed.
    expect(shown).toContain('Ask about the volume discount');
    expect(shown).not.toContain('**');
    expect(shown).toContain('Done: Send the quote');
    expect(shown).toContain('To do: Call the bank');
    expect(shown).not.toContain('Fifth line stays hidden');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Show all<\/button>/);

    const short = render({ ...SERIES, previous: { ...SERIES.previous!, notes: 'Only one line' } });
    expect(text(short)).toContain('Only one line');
    expect(short).not.toContain('Show all');
    expect(render(SERIES)).not.toContain('Your notes last time');
  });
});
