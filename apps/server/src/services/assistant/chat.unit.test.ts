import { describe, expect, it } from 'vitest';
import { citedRefs } from './chat-prompt.ts';
import { meetingPassages } from './meeting-passages.ts';
import { offlineAnswer } from './offline-answer.ts';
import { anyOfQuery } from './search-passages.ts';

describe('meetingPassages', () => {
  it('gives one passage per displayed turn, with exact starts only when there is one time per turn', () => {
    const transcript = 'Speaker 1: Hello\n\nSpeaker 1: again\n\nSpeaker 2: Hi there.';
    const withTimes = meetingPassages({
      transcript,
      summary: null,
      summaryData: {
        turnTimes: [
          { speaker: 1, start: 0, end: 3 },
          { speaker: 2, start: 3.5, end: 5 },
        ],
      },
    });
    // The two 'Speaker 1' paragraphs merge into one turn, as the meeting view shows them.
    expect(withTimes).toEqual([
      {
        section: 'transcript',
        position: 0,
        speaker: 'Speaker 1',
        startSeconds: 0,
        content: 'Hello. again',
      },
      {
        section: 'transcript',
        position: 1,
        speaker: 'Speaker 2',
        startSeconds: 3.5,
        content: 'Hi there.',
      },
    ]);
    const noTimes = meetingPassages({ transcript, summary: null, summaryData: { turnTimes: [] } });
    expect(noTimes.map((p) => p.startSeconds)).toEqual([null, null]);
  });

  it('cuts a summary into paragraphs and bullets, each under its heading', () => {
    const passages = meetingPassages({
      transcript: null,
      summaryData: null,
      summary:
        '## Overview\n\nThe team met.\nIt went well.\n\n## Decisions\n\n- Launch in June\n- [x] Price 25 Euros\n\n## Empty\n',
    });
    expect(passages.map((p) => p.content)).toEqual([
      'Overview: The team met. It went well.',
      'Decisions: Launch in June',
      'Decisions: Price 25 Euros',
    ]);
    expect(passages.map((p) => p.position)).toEqual([0, 1, 2]);
  });
});

describe('anyOfQuery', () => {
  it('quotes every stem so no input can change the tsquery syntax', () => {
    expect(anyOfQuery(['budget', "o'neil", 'a\\b', '!|&'])).toBe(
      "'budget' | 'o''neil' | 'a\\\\b' | '!|&'",
    );
  });
});

describe('citedRefs', () => {
  it('reads the [n] markers in order of first mention, within the sources', () => {
    expect(citedRefs('A [2]. B [1][2]. C [9]. D [0].', 3)).toEqual([2, 1]);
    expect(citedRefs('none', 3)).toEqual([]);
  });
});

describe('offlineAnswer', () => {
  it('tells the person to ask the administrator, with no file or setting to look up', () => {
    const none = { sources: [], terms: { lexemes: [], words: [] }, notReady: [] };
    for (const gathered of [
      { ...none, noMeetings: true },
      { ...none, noMeetings: false, terms: { lexemes: ['budget'], words: ['budget'] } },
      { ...none, noMeetings: false, notReady: ['Kickoff'] },
    ]) {
      const { text } = offlineAnswer(gathered, { type: 'meeting' });
      expect(text).toContain('No language model is configured on this server');
      expect(text).toContain('Ask its administrator to set one up.');
      expect(text).not.toMatch(/docs\/|\.md\b|self-hosting|[A-Z]+_[A-Z_]+/);
    }
  });
});
