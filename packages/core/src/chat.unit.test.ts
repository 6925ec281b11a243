import { describe, expect, it } from 'vitest';
import {
  chatAutoTitle,
  chatDisplayTitle,
  chatErrorText,
  chatRequestSchema,
  chatWaitingText,
  citationHref,
  matchMeetings,
  mentionAt,
} from './chat.ts';
import { groupByDate } from './date-groups.ts';

describe('chat titles', () => {
  it('auto-titles from the first 60 characters of the first line of the first answer', () => {
    const answer = `${'x'.repeat(70)}\nsecond line`;
    expect(chatAutoTitle(answer)).toBe('x'.repeat(60));
    expect(chatAutoTitle('\n\nThe launch moves to June [1].\nMore.')).toBe(
      'The launch moves to June.',
    );
    expect(chatAutoTitle('> **Quoted** answer [2]')).toBe('Quoted answer');
    expect(chatAutoTitle('## Budget\n\ntext')).toBe('Budget');
    expect(chatAutoTitle('What your meetings say about pricing:\n\n> quote [1]')).toBe(
      'What your meetings say about pricing',
    );
    expect(chatAutoTitle('  \n \n')).toBeUndefined();
  });

  it("falls back to the latest message's first 60 characters, else 'Chat'", () => {
    expect(chatDisplayTitle('Budget review', 'ignored')).toBe('Budget review');
    expect(chatDisplayTitle(null, `${'y'.repeat(59)}\nzz`)).toBe(`${'y'.repeat(59)} `);
    expect(chatDisplayTitle('  ', 'What was decided?')).toBe('What was decided?');
    expect(chatDisplayTitle(null, null)).toBe('Chat');
    expect(chatDisplayTitle(undefined, '   ')).toBe('Chat');
  });
});

describe('meeting picker', () => {
  it('opens on @ at a word start and closes once a space follows the typed text', () => {
    expect(mentionAt('@')).toEqual({ query: '', start: 0 });
    expect(mentionAt('ask @bud')).toEqual({ query: 'bud', start: 4 });
    expect(mentionAt('ask @bud ')).toBeUndefined();
    expect(mentionAt('mail me@example.com')).toBeUndefined();
    expect(mentionAt('no mention')).toBeUndefined();
    // Only what is before the caret counts.
    expect(mentionAt('ask @budget now', 8)).toEqual({ query: 'bud', start: 4 });
  });

  it('matches titles case-insensitively, at most 5', () => {
    const meetings = [
      'Budget',
      'budget Q2',
      'Design',
      'BUDGET Q3',
      'x budget',
      'Budgets',
      'budget 7',
    ].map((title) => ({ title }));
    expect(matchMeetings(meetings, 'BuDg').map((m) => m.title)).toEqual([
      'Budget',
      'budget Q2',
      'BUDGET Q3',
      'x budget',
      'Budgets',
    ]);
    expect(matchMeetings(meetings, 'nothing')).toEqual([]);
    expect(matchMeetings(meetings, '')).toHaveLength(5);
  });
});

describe('chat request and errors', () => {
  it('sends only non-empty trimmed text, about meetings by default', () => {
    expect(chatRequestSchema.safeParse({ content: '  \n ' }).success).toBe(false);
    expect(chatRequestSchema.parse({ content: 'Hi' }).context).toEqual({
      type: 'meeting',
      meetingIds: [],
    });
    expect(chatRequestSchema.safeParse({ content: 'Hi', context: { type: 'todo' } }).success).toBe(
      true,
    );
    expect(
      chatRequestSchema.safeParse({
        content: 'Hi',
        context: { type: 'meeting', meetingIds: ['x'] },
      }).success,
    ).toBe(false);
  });

  it('words errors as the panel shows them', () => {
    expect(chatErrorText('Chat failed', 'No response generated')).toBe(
      'Sorry, I encountered an error: Chat failed. No response generated',
    );
  });
});

describe('citationHref', () => {
  const id = '0b8c1d9e-1111-4a4a-9b9b-222222222222';
  it('links a turn, the summary, an action item, and a to-do', () => {
    expect(citationHref({ meetingId: id, section: 'transcript', turnIndex: 12 })).toBe(
      `/meeting/${id}?view=transcript&turn=12`,
    );
    expect(citationHref({ meetingId: id, section: 'summary', turnIndex: null })).toBe(
      `/meeting/${id}?view=summary`,
    );
    expect(citationHref({ meetingId: id, section: 'actionItems' })).toBe(
      `/meeting/${id}?view=actions`,
    );
    expect(citationHref({ meetingId: null, section: 'todos' })).toBe('/todos');
  });

  it("links a live segment to its row on the meeting page ('live-{seq}')", () => {
    expect(citationHref({ meetingId: id, section: 'transcript', turnIndex: 7, live: true })).toBe(
      `/meeting/${id}?view=transcript#live-7`,
    );
    // A citation saved before `live` existed links as before.
    expect(citationHref({ meetingId: id, section: 'transcript', turnIndex: 7, live: false })).toBe(
      `/meeting/${id}?view=transcript&turn=7`,
    );
  });
});

describe('groupByDate (past chats)', () => {
  it('groups by creation date: today, within 7 days, within 30 days, older', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    const day = 24 * 3600 * 1000;
    const chats = [0.1, 3, 20, 45].map((d, i) => ({
      i,
      createdAt: new Date(now.getTime() - d * day).toISOString(),
    }));
    expect(
      groupByDate(chats, (c) => c.createdAt, now).map((g) => [g.group, g.items.map((c) => c.i)]),
    ).toEqual([
      ['Today', [0]],
      ['Last week', [1]],
      ['Previous 30 days', [2]],
      ['Past', [3]],
    ]);
  });
});

describe('an answer waiting for the local model', () => {
  it('says what it waits for and how many requests are before it, and nothing once it runs', () => {
    expect(chatWaitingText({ position: 1, notes: true })).toBe(
      "Waiting for the notes model: it is writing a meeting's notes first.",
    );
    expect(chatWaitingText({ position: 2, notes: true })).toBe(
      "Waiting for the notes model: it is writing a meeting's notes first (1 more request before yours).",
    );
    expect(chatWaitingText({ position: 3, notes: false })).toBe(
      'Waiting for the notes model: it is answering another question first (2 more requests before yours).',
    );
    expect(chatWaitingText({ position: 0, notes: false })).toBe('');
  });
});
