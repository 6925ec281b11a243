/**
 * The notes written around My notes by a language model: what the prompt holds (the notes with
 * the transcript, headings as required sections in order, lines written before the meeting
 * apart, numbered turns) and the check of the answer, asked once more on problems.
 */
import { describe, expect, it } from 'vitest';
import { noteLinesOf, type NoteBlock, type WrittenNotesAnswer } from '@summy/core';
import { WrittenNotesRejectedError, TextGenerationError } from '../types.ts';
import type { AiSdkCalls, Prompt } from './calls.ts';
import { writtenNotesPrompt } from './prompts.ts';
import { writtenNotesAnswerSchema } from './schemas.ts';
import { writeAroundNotes } from './steps.ts';

const TRANSCRIPT = [
  'Speaker 1: The budget for the launch is forty thousand euros.',
  'Speaker 2: Marketing wants half of it for the video.',
  'Speaker 1: We also agreed to move the launch to June.',
].join('\n\n');

const block = (id: string, phase: NoteBlock['phase'], markdown: string): NoteBlock => ({
  id,
  phase,
  t: phase === 'during' ? 1000 : null,
  markdown,
});

const LINES = noteLinesOf([
  block('a', 'before', '## Agenda\n- Ask about the catering contract'),
  block('b', 'during', '## Budget\n- forty k\n- [ ] Ann to send the video brief'),
  block('c', 'during', '## Timeline'),
]);
const INPUT = { transcript: TRANSCRIPT, lines: LINES, meetingTitle: 'Launch' };

const GOOD: WrittenNotesAnswer = {
  sections: [
    {
      heading: 'Agenda',
      noteRef: 'n1',
      bullets: [
        { text: 'Ask about the catering contract', noteRef: 'n2', citations: [], discussed: false },
      ],
    },
    {
      heading: 'Budget',
      noteRef: 'n3',
      bullets: [
        {
          text: 'Forty thousand euros for the launch',
          noteRef: 'n4',
          citations: [0],
          discussed: true,
        },
        { text: 'Ann to send the video brief', noteRef: 'n5', citations: [1], discussed: true },
      ],
    },
    { heading: 'Timeline', noteRef: 'n6', bullets: [] },
    {
      heading: 'Also discussed',
      noteRef: null,
      bullets: [
        { text: 'The launch moves to June', noteRef: null, citations: [2, 7, -1], discussed: true },
      ],
    },
  ],
};
// The second note line is lost.
const BAD: WrittenNotesAnswer = {
  sections: GOOD.sections.map((s) =>
    s.noteRef === 'n3' ? { ...s, bullets: s.bullets.filter((b) => b.noteRef !== 'n5') } : s,
  ),
};

/** Calls whose JSON answers are `answers` in turn; the prompts asked are kept. */
function scriptedCalls(answers: WrittenNotesAnswer[]) {
  const asked: Prompt[] = [];
  const calls = {
    text: () => Promise.reject(new Error('not used')),
    answer: () => {
      throw new Error('not used');
    },
    object: async (
      _step: unknown,
      schema: { parse(v: unknown): unknown },
      _n: string,
      p: Prompt,
    ) => {
      asked.push(p);
      const next = answers[asked.length - 1];
      if (!next) throw new Error('asked too often');
      return schema.parse(next);
    },
  } as unknown as AiSdkCalls;
  return { calls, asked };
}

describe('writtenNotesPrompt', () => {
  const { system, prompt } = writtenNotesPrompt(INPUT);

  it('holds the notes beside the transcript, each line with its ref', () => {
    expect(prompt).toContain('# My notes');
    expect(prompt).toContain('[n4] - forty k');
    expect(prompt).toContain('[n5] - [ ] Ann to send the video brief');
    // The transcript is there too: its turns numbered by core parseTranscript.
    expect(prompt).toContain('# Transcript');
    expect(prompt).toContain('[0] Speaker 1: The budget for the launch is forty thousand euros.');
    expect(prompt).toContain('[2] Speaker 1: We also agreed to move the launch to June.');
    expect(prompt.indexOf('# My notes')).toBeLessThan(prompt.indexOf('# Transcript'));
  });

  it('asks for the headings as required sections, in the notes order', () => {
    expect(system).toContain(
      'The note headings are the required sections, in this order: n1 "Agenda", n3 "Budget", n6 "Timeline".',
    );
    expect(prompt).toContain('[n3] ## Budget (required section)');
    expect(prompt.indexOf('[n3] ## Budget')).toBeLessThan(prompt.indexOf('[n6] ## Timeline'));
    expect(system).toContain('Also discussed');
  });

  it('lists the lines written before the meeting apart, reported only when discussed', () => {
    const before = prompt.slice(
      prompt.indexOf('# Before the meeting'),
      prompt.indexOf('# Transcript'),
    );
    expect(before).toContain('[n2] - Ask about the catering contract (under [n1])');
    const mine = prompt.slice(prompt.indexOf('# My notes'), prompt.indexOf('# Before the meeting'));
    expect(mine).not.toContain('catering');
    expect(system).toContain('"discussed": false');
  });

  it('lists the problems of a first answer when asking again', () => {
    const again = writtenNotesPrompt(INPUT, [
      "note line n5 'Ann to send the video brief' is missing",
    ]);
    expect(again.prompt).toContain("- note line n5 'Ann to send the video brief' is missing");
    expect(prompt).not.toContain('previous answer');
  });
});

describe('writeAroundNotes', () => {
  it('keeps a good answer, mended: citations past the transcript or negative dropped', async () => {
    const { calls, asked } = scriptedCalls([GOOD]);
    const sections = await writeAroundNotes(calls, INPUT);
    expect(asked).toHaveLength(1);
    expect(sections.map((s) => s.noteRef)).toEqual(['n1', 'n3', 'n6', null]);
    expect(sections.at(-1)!.bullets[0]!.citations).toEqual([2]);
  });

  it('asks once more with the problems listed, and keeps the second answer', async () => {
    const { calls, asked } = scriptedCalls([BAD, GOOD]);
    const sections = await writeAroundNotes(calls, INPUT);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.prompt).toContain("note line n5 'Ann to send the video brief' is missing");
    expect(sections[1]!.bullets.map((b) => b.noteRef)).toEqual(['n4', 'n5']);
  });

  it('throws WrittenNotesRejectedError with the problems when both answers lose a note', async () => {
    const { calls, asked } = scriptedCalls([BAD, BAD]);
    const err = await writeAroundNotes(calls, INPUT).catch((e: unknown) => e);
    expect(asked).toHaveLength(2);
    expect(err).toBeInstanceOf(WrittenNotesRejectedError);
    expect(err).toBeInstanceOf(TextGenerationError);
    expect((err as WrittenNotesRejectedError).problems).toEqual([
      "note line n5 'Ann to send the video brief' is missing",
    ]);
  });

  it('asks nothing for an empty transcript', async () => {
    const { calls, asked } = scriptedCalls([GOOD]);
    await expect(writeAroundNotes(calls, { ...INPUT, transcript: ' ' })).rejects.toThrow(
      TextGenerationError,
    );
    expect(asked).toHaveLength(0);
  });
});

describe('writtenNotesAnswerSchema', () => {
  /** What OpenAI's strict structured outputs require: every property required, no bounds. */
  function strictProblems(node: unknown, path = '$'): string[] {
    if (!node || typeof node !== 'object') return [];
    const n = node as Record<string, unknown>;
    const out: string[] = [];
    for (const bound of [
      'minimum',
      'maximum',
      'minItems',
      'maxItems',
      'default',
      'exclusiveMinimum',
    ]) {
      if (bound in n) out.push(`${path} has ${bound}`);
    }
    if (n.type === 'object' || n.properties) {
      const props = Object.keys((n.properties as object) ?? {});
      const required = (n.required as string[]) ?? [];
      for (const p of props) if (!required.includes(p)) out.push(`${path}.${p} is optional`);
    }
    for (const [k, v] of Object.entries(n)) {
      out.push(
        ...(Array.isArray(v)
          ? v.flatMap((x, i) => strictProblems(x, `${path}.${k}[${i}]`))
          : strictProblems(v, `${path}.${k}`)),
      );
    }
    return out;
  }

  it('is a schema OpenAI strict mode accepts: all fields required, no bounds', async () => {
    const { z } = await import('zod');
    expect(strictProblems(z.toJSONSchema(writtenNotesAnswerSchema))).toEqual([]);
  });
});
