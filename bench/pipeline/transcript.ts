/**
 * The scripted providers' answers for a long meeting: a realistic transcription (real spoken
 * words of the AMI/ICSI transcripts in testdata/meetings, 150 words a minute, four speakers
 * taking turns every 30 s) and the text model's title, summary and action items. The providers
 * answer at once, so what the benchmark times is Summy's own work around them.
 */
import type { ActionItemSuggestion, Word } from '@summy/core';
import { QMSUM_DIR, qmsumSpeechTurns } from '../../apps/server/test/qmsum.ts';
import type { Script } from '../../apps/server/test/scripted-tools.ts';

/** Speaking rate of the scripted transcription: 150 words per minute (9,000 in an hour). */
export const WORDS_PER_MINUTE = 150;
/** Length of a speaker turn, seconds. */
export const TURN_S = 30;
/** Speakers taking turns in order. */
export const SPEAKERS = 4;

/** The spoken words of the testdata/meetings transcripts, in order, punctuation kept on its word. */
export function readSpokenWords(dir: string = QMSUM_DIR): string[] {
  return qmsumSpeechTurns(dir).flatMap((t) =>
    t.text.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)),
  );
}

/**
 * A transcription of `durationS` seconds: `WORDS_PER_MINUTE` words spread evenly over the whole
 * duration, the speaker changing every `TURN_S` seconds (0, 1, 2, 3, 0, ...), confidences
 * between 0.80 and 0.99.
 */
export function meetingWords(durationS: number, spoken: readonly string[]): Word[] {
  const n = Math.round((durationS / 60) * WORDS_PER_MINUTE);
  const step = durationS / n;
  const words: Word[] = new Array<Word>(n);
  for (let i = 0; i < n; i++) {
    const start = i * step;
    words[i] = {
      word: spoken[i % spoken.length]!,
      start: Math.round(start * 1000) / 1000,
      end: Math.round((start + step * 0.85) * 1000) / 1000,
      confidence: 0.8 + ((i * 7919) % 20) / 100,
      speaker: Math.floor(start / TURN_S) % SPEAKERS,
    };
  }
  return words;
}

/** Ten action items, as a text model finds in an hour-long meeting. */
export const ACTION_ITEMS: readonly ActionItemSuggestion[] = Array.from({ length: 10 }, (_, i) => ({
  title: `Follow up on design point ${i + 1}`,
  description: `Raised at minute ${6 * i + 3}; report back at the next meeting`,
  assignedTo: `Speaker ${(i % SPEAKERS) + 1}`,
  confidence: 0.75 + i / 50,
}));

/** The script of one long meeting: its words and the text model's answers. */
export function meetingScript(durationS: number, spoken: readonly string[]): Script {
  const topics = ['Remote control design', 'Budget', 'User interface', 'Schedule', 'Materials'];
  return {
    words: meetingWords(durationS, spoken),
    durationS,
    title: 'Remote control design kick-off',
    summary: {
      summary: [
        '## Overview',
        'The team reviewed the remote control project, its budget and the schedule.',
        ...topics.flatMap((t) => [
          '',
          `## ${t}`,
          `- Discussion of ${t.toLowerCase()}, with the options each speaker raised.`,
          `- Decision on ${t.toLowerCase()} deferred to the next meeting.`,
        ]),
      ].join('\n'),
      topics: topics.map((topic, i) => ({ topic, confidence: 0.9 - i / 20 })),
    },
    actionItems: [...ACTION_ITEMS],
  };
}
