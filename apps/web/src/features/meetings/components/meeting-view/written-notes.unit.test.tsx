/**
 * The written notes in Summary mode: sections and their h2 headings, whose line each bullet is
 * (`data-origin`, the 'your note' mark, muted lines), 'Not discussed', the origin lines of the
 * extractive notes, Markdown kept safe, and citations named by their turn's time that call the
 * cite handler. Rendered to static HTML once the lazy Markdown renderer has loaded; buttons are
 * captured as they are drawn, so their click handlers can be called without a DOM.
 */
import type { WrittenNotes } from '@summy/core';
import type { ComponentProps, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MeetingSummary } from './meeting-summary';
import type { TurnStart } from './meeting-time';
import { citationTime, WrittenNotesView, type WrittenNotesViewProps } from './written-notes';

const { buttons } = vi.hoisted(() => ({ buttons: [] as ComponentProps<'button'>[] }));

vi.mock('@/components/ui/button', () => ({
  Button: ({
    variant: _v,
    size: _s,
    ...props
  }: ComponentProps<'button'> & Record<string, unknown>) => {
    buttons.push(props);
    return <button type="button" {...props} />;
  },
}));

/** Renders like a browser would once lazy parts (the Markdown renderer) have loaded. */
async function renderSettled(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The `<li>` elements of the HTML: their attributes and inner HTML. */
function items(html: string): { attrs: string; inner: string }[] {
  return [...html.matchAll(/<li\b([^>]*)>(.*?)<\/li>/g)].map((m) => ({
    attrs: m[1]!,
    inner: m[2]!,
  }));
}

/** The text of a captured button's children (icons are elements, the time a string). */
function label(children: ReactNode): string {
  return (Array.isArray(children) ? children : [children])
    .filter((child) => typeof child === 'string')
    .join('');
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

const NOTES: WrittenNotes = {
  origin: 'model',
  fallbackReason: null,
  sections: [
    {
      heading: null,
      noteRef: null,
      bullets: [{ text: 'Lead line', noteRef: 'n1', citations: [], discussed: true }],
    },
    {
      heading: 'Budget',
      noteRef: 'n2',
      bullets: [
        { text: 'Q3 **budget** settled', noteRef: 'n3', citations: [0], discussed: true },
        {
          text: 'Finance gets it by Friday, see [the sheet](https://example.com/q3) and [x](javascript:alert(1))',
          noteRef: null,
          citations: [1, 3],
          discussed: true,
        },
        { text: 'Ask about travel', noteRef: 'n4', citations: [], discussed: false },
      ],
    },
    {
      heading: 'Also discussed',
      noteRef: null,
      bullets: [{ text: 'The offsite moves', noteRef: null, citations: [2], discussed: true }],
    },
  ],
};

const STARTS: (TurnStart | null)[] = [
  { start: 83, exact: true },
  { start: 5, exact: true },
  { start: 3725, exact: true },
  null,
];

beforeEach(() => {
  buttons.length = 0;
});

/** The written notes {@link NOTES} (changed by `props`) as HTML, cites going nowhere. */
const show = (props: Partial<WrittenNotesViewProps> = {}) =>
  renderSettled(
    <WrittenNotesView notes={NOTES} starts={STARTS} onCite={() => undefined} canPlay {...props} />,
  );

describe('WrittenNotesView', () => {
  it('shows the sections under h2 headings, the lead section without one', async () => {
    const html = await show();
    expect([...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Budget',
      'Also discussed',
    ]);
    expect(html.indexOf('Lead line')).toBeLessThan(html.indexOf('Budget'));
  });

  it("marks the person's lines 'note' with 'your note', the others 'model' and muted", async () => {
    const html = await show();
    const lis = items(html);
    expect(lis.map((li) => /data-origin="(\w+)"/.exec(li.attrs)?.[1])).toEqual([
      'note',
      'note',
      'model',
      'note',
      'model',
    ]);
    for (const li of lis) {
      const mine = li.attrs.includes('data-origin="note"');
      expect(li.attrs.includes('text-muted-foreground')).toBe(!mine);
      expect(text(li.inner).includes('your note')).toBe(mine);
    }
    expect(lis[1]!.inner).toContain('<strong');
  });

  it("marks a line not discussed with 'Not discussed', and only that one", async () => {
    const html = await show();
    const marked = items(html).filter((li) => text(li.inner).includes('Not discussed'));
    expect(marked.map((li) => text(li.inner))).toEqual(['Ask about travelyour noteNot discussed']);
  });

  it('renders bullet Markdown inline, with only safe links', async () => {
    const html = await show();
    const model = items(html)[2]!.inner;
    expect(model).toContain('href="https://example.com/q3"');
    expect(model).not.toMatch(/javascript:/i);
    expect(model).not.toMatch(/<p[\s>]/);
  });

  it("names each citation 'Play from' its turn's start, and clicking it cites the turn", async () => {
    const onCite = vi.fn();
    const html = await show({ onCite });
    expect(buttons.map((b) => [b['aria-label'], label(b.children)])).toEqual([
      ['Play from 1:23', '1:23'],
      ['Play from 0:05', '0:05'],
      ['Show turn 4', 'Turn 4'],
      ['Play from 1:02:05', '1:02:05'],
    ]);
    expect(html).toContain('aria-label="Play from 1:23"');
    (buttons[0]!.onClick as () => void)();
    (buttons[3]!.onClick as () => void)();
    expect(onCite.mock.calls).toEqual([[0], [2]]);
  });

  it('says when a time is estimated, and does not promise playback without audio', async () => {
    const played = await show({ starts: [{ start: 83, exact: false }] });
    expect(buttons[0]!['aria-label']).toBe('Play from about 1:23');
    // A play icon sets the citations apart from the marks, only when they play.
    expect(played).toMatch(/<button[^>]*aria-label="Play from about 1:23"[^>]*><svg/);
    buttons.length = 0;
    const shown = await show({ canPlay: false });
    expect(buttons[0]!['aria-label']).toBe('Show the turn at 1:23');
    expect(shown).not.toContain('<svg');
  });

  it('says nothing of the origin for notes a model wrote', async () => {
    const html = await show();
    expect(html).not.toContain('extractive notes');
  });

  it('says when the notes were written without a language model, or fell back', async () => {
    const extractive = await show({ notes: { ...NOTES, origin: 'extractive' } });
    expect(extractive).toContain(
      'Your notes as written, then the extractive notes: written without a language model.',
    );
    const fallback = await show({
      notes: { ...NOTES, origin: 'extractive', fallbackReason: "note line n4 'x' is missing" },
    });
    expect(fallback).toContain(
      'The language model left out some of your notes, so these are your notes as written, then the extractive notes.',
    );
    expect(fallback).not.toContain('without a language model');
  });
});

describe('MeetingSummary with written notes', () => {
  it('shows them in the Summary article instead of the Markdown, topics kept', async () => {
    const html = await renderSettled(
      <MeetingSummary
        summary="## Budget\n\n- MARKDOWN COPY"
        topics={[{ topic: 'Budget', confidence: 0.9 }]}
        generating={false}
        progress={null}
        writtenNotes={NOTES}
        starts={STARTS}
        onCite={() => undefined}
        canPlay
      />,
    );
    expect(html).toMatch(/<article aria-label="Summary"/);
    expect(html).toContain('aria-label="Topics"');
    expect(html).toContain('data-origin="note"');
    expect(html).not.toContain('MARKDOWN COPY');
  });
});

describe('citationTime', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [83, '1:23'],
    [754, '12:34'],
    [3725, '1:02:05'],
  ])('shows %s s as %s', (seconds, shown) => {
    expect(citationTime(seconds)).toBe(shown);
  });
});
