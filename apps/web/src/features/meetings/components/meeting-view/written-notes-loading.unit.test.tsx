/**
 * The written notes before the lazily loaded Markdown renderer is there: the summary's skeleton,
 * never a bullet's raw Markdown. A file of its own, since once any test of a file has loaded the
 * renderer, React draws it at once.
 */
import type { WrittenNotes } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MeetingSummary } from './meeting-summary';

const NOTES: WrittenNotes = {
  origin: 'model',
  fallbackReason: null,
  sections: [
    {
      heading: 'Budget',
      noteRef: 'n1',
      bullets: [
        { text: 'Q3 **budget** settled', noteRef: 'n2', citations: [0], discussed: true },
        {
          text: 'See [the sheet](https://example.com/q3)',
          noteRef: null,
          citations: [0],
          discussed: true,
        },
      ],
    },
  ],
};

describe('MeetingSummary with written notes, before the Markdown renderer has loaded', () => {
  it('shows the skeleton, never the raw Markdown of a bullet', () => {
    const html = renderToStaticMarkup(
      <MeetingSummary
        summary="x"
        topics={[]}
        generating={false}
        progress={null}
        writtenNotes={NOTES}
      />,
    );
    expect(html).toContain('animate-pulse');
    expect(html).not.toContain('**budget**');
    expect(html).not.toContain('](https://');
  });
});
