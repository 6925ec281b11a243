/**
 * Citation markers and labels of the assistant's answers, rendered through the shared markdown
 * renderer so the links are what a browser gets.
 */
import { formatPlaybackTime as formatOffset, type ChatCitation } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '@/components/markdown-text';
import { citationLabel, linkCitationMarkers, mentionedRefs, readSavedCitations } from './citations';

const A = '11111111-1111-4111-8111-111111111111';

const transcript: ChatCitation = {
  ref: 1,
  text: 'We ship in May.',
  section: 'transcript',
  meetingId: A,
  meetingTitle: 'Launch',
  speaker: 'Speaker 2',
  start: 83.4,
  turnIndex: 4,
};
const summary: ChatCitation = { ref: 2, text: 'Launch in May', section: 'summary', meetingId: A };

describe('citation labels', () => {
  it('names the section, and for transcript turns the speaker and time', () => {
    expect(citationLabel(transcript)).toBe('Transcript · Speaker 2 · 01:23');
    expect(citationLabel({ section: 'transcript', speaker: null, start: null })).toBe('Transcript');
    expect(citationLabel(summary)).toBe('Summary');
    expect(citationLabel({ section: 'actionItems' })).toBe('Action item');
    expect(citationLabel({ section: 'todos' })).toBe('To-do');
    expect(formatOffset(3723)).toBe('1:02:03');
    expect(formatOffset(0)).toBe('00:00');
  });

  it('marks a segment of the live draft as such, with its channel and time', () => {
    expect(citationLabel({ ...transcript, speaker: 'Call', start: 42, live: true })).toBe(
      'Live (draft) · Call · 00:42',
    );
  });
});

describe('a live citation', () => {
  const live: ChatCitation = {
    ref: 1,
    text: 'The budget is forty thousand euros.',
    section: 'transcript',
    meetingId: A,
    speaker: 'Call',
    start: 9.25,
    turnIndex: 3,
    live: true,
  };

  it("links its marker to the segment's row on the meeting page", () => {
    const linked = linkCitationMarkers('Forty thousand [1].', [live]);
    expect(linked).toBe(
      `Forty thousand [\\[1\\]](/meeting/${A}?view=transcript#live-3 "Live (draft) · Call · 00:09").`,
    );
    const html = renderToStaticMarkup(<MarkdownText markdown={linked} />);
    expect(html).toContain(`href="/meeting/${A}?view=transcript#live-3"`);
  });

  it('stays live when a saved chat is reopened', () => {
    expect(readSavedCitations([live])[0]).toMatchObject({ live: true, turnIndex: 3 });
  });
});

describe('citation markers', () => {
  it('links known markers to the cited place and leaves the rest', () => {
    const text = 'We ship in May [1], per the summary [2]; see also [3] and `[1]`.';
    const linked = linkCitationMarkers(text, [transcript, summary]);
    expect(linked).toBe(
      `We ship in May [\\[1\\]](/meeting/${A}?view=transcript&turn=4 "Transcript · Speaker 2 · 01:23"),` +
        ` per the summary [\\[2\\]](/meeting/${A}?view=summary "Summary"); see also [3] and \`[1]\`.`,
    );
    const html = renderToStaticMarkup(<MarkdownText markdown={linked} />);
    expect(html).toContain(`href="/meeting/${A}?view=transcript&amp;turn=4"`);
    expect(html).toContain('>[1]</a>');
    expect(html).toContain('>[2]</a>');
    expect(html).toContain('<code');
  });

  it('splits lists and adjacent markers into one link each, and ignores real links', () => {
    const linked = linkCitationMarkers('Both [1, 2] and [1][2]. [1](https://x.test)', [
      transcript,
      summary,
    ]);
    expect(linked.match(/\]\(\/meeting\//g)).toHaveLength(4);
    expect(linked).toContain('[1](https://x.test)');
  });

  it('leaves a partly typed marker of a streaming answer alone', () => {
    expect(linkCitationMarkers('We ship [1', [transcript])).toBe('We ship [1');
  });

  it('lists the refs mentioned, in order', () => {
    expect(mentionedRefs('a [2] b [1, 2] c `[9]` [3](x)')).toEqual([2, 1]);
  });
});

describe('saved citations', () => {
  it('keeps saved refs and turns, and numbers citations saved without them', () => {
    expect(
      readSavedCitations([
        { text: 'a', section: 'transcript', meetingId: A, speaker: 'Speaker 1', start: 3 },
        { text: 'b', section: 'weird' },
        { ...transcript } as never,
      ]),
    ).toEqual([
      expect.objectContaining({ ref: 1, section: 'transcript', turnIndex: null }),
      expect.objectContaining({ ref: 2, section: 'summary' }),
      expect.objectContaining({ ref: 1, turnIndex: 4, meetingTitle: 'Launch' }),
    ]);
  });
});
