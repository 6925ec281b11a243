/**
 * Ask mode ('Meeting Assistant', 'Ask a question about the meeting'): the way into the assistant,
 * rendered to static HTML.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { askSuggestions, MeetingAsk } from './meeting-ask';

/** The text of every <button> in the HTML and whether it is disabled. */
function buttons(html: string): { text: string; disabled: boolean }[] {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((match) => ({
    text: match[2]!.replace(/<[^>]+>/g, '').trim(),
    disabled: /\sdisabled=""/.test(match[1]!),
  }));
}

describe('askSuggestions', () => {
  it('offers three general questions', () => {
    expect(askSuggestions([])).toEqual([
      'What were the key decisions?',
      'What are the action items and who owns them?',
      'Summarize the discussion',
    ]);
  });

  it("adds one about the meeting's first topic", () => {
    const questions = askSuggestions([{ topic: 'Budget' }, { topic: 'Hiring' }]);
    expect(questions).toHaveLength(4);
    expect(questions[3]).toBe('What was said about Budget?');
  });

  it('skips blank topic names', () => {
    expect(askSuggestions([{ topic: '  ' }, { topic: ' Offsite ' }])[3]).toBe(
      'What was said about Offsite?',
    );
    expect(askSuggestions([{ topic: '' }])).toHaveLength(3);
  });
});

describe('MeetingAsk', () => {
  it('introduces the assistant and offers to open it, with suggested questions', () => {
    const html = renderToStaticMarkup(
      <MeetingAsk topics={[{ topic: 'Budget' }]} onAsk={() => undefined} />,
    );
    expect(html).toContain('Meeting Assistant');
    expect(html).toContain('Ask a question about the meeting');
    expect(html.toLowerCase()).not.toContain('coming soon');
    expect(buttons(html)).toEqual([
      { text: 'Open Meeting Assistant', disabled: false },
      { text: 'What were the key decisions?', disabled: false },
      { text: 'What are the action items and who owns them?', disabled: false },
      { text: 'Summarize the discussion', disabled: false },
      { text: 'What was said about Budget?', disabled: false },
    ]);
  });

  it('disables every button when no assistant is composed', () => {
    const html = renderToStaticMarkup(<MeetingAsk topics={[]} />);
    const all = buttons(html);
    expect(all).toHaveLength(4);
    expect(all.every((button) => button.disabled)).toBe(true);
  });

  it("offers the series' scope only for a series of two or more meetings", () => {
    const series = (meetingCount: number) => ({
      kind: 'event' as const,
      name: 'Weekly sync',
      meetingCount,
      meetingIds: [],
    });
    const html = renderToStaticMarkup(
      <MeetingAsk topics={[]} onAsk={() => undefined} series={series(3)} />,
    );
    expect(html).toContain('role="radiogroup" aria-label="Ask about"');
    expect(buttons(html).slice(0, 2)).toEqual([
      { text: 'This meeting', disabled: false },
      { text: 'This series (3)', disabled: false },
    ]);
    // This meeting is the scope at first.
    expect(html).toMatch(/aria-checked="true"[^>]*>This meeting</);
    for (const alone of [series(1), null]) {
      const plain = renderToStaticMarkup(
        <MeetingAsk topics={[]} onAsk={() => undefined} series={alone} />,
      );
      expect(plain).not.toContain('radiogroup');
    }
  });
});
