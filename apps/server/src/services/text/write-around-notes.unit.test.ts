/**
 * The notes written around My notes without a language model, and on fallback: the notes as
 * written, then the offline extractive points under 'Also discussed' with the turns they come
 * from; the model's notes when its answer passes; the validator's first problem as the reason
 * when it did not.
 */
import { describe, expect, it } from 'vitest';
import { noteLinesOf, parseTranscript, writtenNotesMarkdown, type NoteBlock } from '@summy/core';
import {
  TextGenerationError,
  WrittenNotesRejectedError,
  type TextModel,
} from '../../providers/llm/types.ts';
import { createOfflineTextModel } from '../../providers/llm/offline/model.ts';
import { extractivePoints } from '../../providers/llm/offline/points.ts';
import { notesAsWritten, writeNotesAround } from './write-around-notes.ts';

const TRANSCRIPT = [
  'Speaker 1: Good morning everyone, today we review the budget of the product launch.',
  'Speaker 2: The marketing budget for the launch video is twenty thousand euros in total.',
  'Speaker 2: And the agency asked for a second payment before the shooting starts.',
  'Speaker 1: Right.',
  'Speaker 1: We decided to move the product launch to the first week of June this year.',
  'Speaker 3: The engineering team needs two more weeks for the remote control firmware.',
  'Speaker 2: The printed packaging for the remote control has to be ordered by the end of March.',
].join('\n\n');

const blocks: NoteBlock[] = [
  { id: 'a', phase: 'before', t: null, markdown: '- Check the catering' },
  { id: 'b', phase: 'during', t: 5000, markdown: '## Budget\n- video 20k\n- [x] Ask the agency' },
  { id: 'c', phase: 'during', t: 9000, markdown: '## Launch\nJune?' },
];
const LINES = noteLinesOf(blocks);
const points = async (t: string) => extractivePoints(t);

describe('extractivePoints', () => {
  it('gives the offline summary points in spoken order, each citing the turn it was said in', () => {
    const turns = parseTranscript(TRANSCRIPT);
    const found = extractivePoints(TRANSCRIPT);
    expect(found.length).toBeGreaterThan(1);
    for (const p of found) {
      expect(p.citations).toHaveLength(1);
      const turn = turns[p.citations[0]!]!;
      // The point's words of 5+ letters are words of the cited turn.
      const words = p.text
        .toLowerCase()
        .match(/\p{L}{5,}/gu)!
        .filter((w) => w !== 'speaker');
      const said = turn.text.toLowerCase();
      expect(words.filter((w) => said.includes(w)).length / words.length).toBeGreaterThan(0.6);
    }
    const cited = found.map((p) => p.citations[0]!);
    expect(cited).toEqual([...cited].sort((a, b) => a - b));
  });
});

describe('notesAsWritten', () => {
  it('keeps each note line as written in its section, then the points under Also discussed', async () => {
    const notes = notesAsWritten(LINES, await points(TRANSCRIPT));
    expect(notes.origin).toBe('extractive');
    expect(notes.fallbackReason).toBeNull();
    expect(notes.sections.map((s) => [s.heading, s.noteRef])).toEqual([
      [null, null],
      ['Budget', 'n2'],
      ['Launch', 'n5'],
      ['Also discussed', null],
    ]);
    expect(notes.sections[1]!.bullets).toEqual([
      { text: 'video 20k', noteRef: 'n3', citations: [], discussed: true },
      { text: 'Ask the agency', noteRef: 'n4', citations: [], discussed: true },
    ]);
    expect(notes.sections[0]!.bullets[0]!.text).toBe('Check the catering');
    const also = notes.sections[3]!.bullets;
    expect(also.every((b) => b.noteRef === null && b.citations.length === 1)).toBe(true);
    // Deterministic.
    expect(notesAsWritten(LINES, await points(TRANSCRIPT))).toEqual(notes);
    expect(writtenNotesMarkdown(notes)).toMatch(
      /^- Check the catering\n\n## Budget\n\n- video 20k/,
    );
  });

  it('leaves Also discussed out when there is no point', () => {
    const notes = notesAsWritten(LINES, [], 'heading n2 is missing');
    expect(notes.sections.map((s) => s.heading)).toEqual([null, 'Budget', 'Launch']);
    expect(notes.fallbackReason).toBe('heading n2 is missing');
  });
});

describe('writeNotesAround', () => {
  const input = { transcript: TRANSCRIPT, lines: LINES, meetingTitle: 'Launch' };
  const model = (write: TextModel['writeAroundNotes']): TextModel => ({
    ...createOfflineTextModel(),
    id: 'openai:gpt-5-mini',
    writeAroundNotes: write,
  });

  it('writes the notes as written with the points on the offline model', async () => {
    const notes = await writeNotesAround(createOfflineTextModel(), input, undefined, points);
    expect(notes).toEqual(notesAsWritten(LINES, await points(TRANSCRIPT), null));
  });

  it("keeps a model's checked sections, origin model", async () => {
    const sections = [{ heading: 'Budget', noteRef: 'n2', bullets: [] }];
    const notes = await writeNotesAround(
      model(async () => sections),
      input,
      undefined,
      points,
    );
    expect(notes).toEqual({ sections, origin: 'model', fallbackReason: null });
  });

  it("falls back with the validator's first problem when the model lost a note twice", async () => {
    const rejected = model(async () => {
      throw new WrittenNotesRejectedError(["note line n3 'video 20k' is missing", 'other']);
    });
    const notes = await writeNotesAround(rejected, input, undefined, points);
    expect(notes.origin).toBe('extractive');
    expect(notes.fallbackReason).toBe("note line n3 'video 20k' is missing");
    expect(notes.sections[1]!.bullets.map((b) => b.noteRef)).toEqual(['n3', 'n4']);
  });

  it('falls back without a reason when the provider fails, and rethrows a dead worker', async () => {
    const failing = model(async () => {
      throw new TextGenerationError('summary', 'failed', 'The AI provider answered HTTP 500');
    });
    const notes = await writeNotesAround(failing, input, undefined, points);
    expect([notes.origin, notes.fallbackReason]).toEqual(['extractive', null]);
    const dead = model(async () => {
      throw new TextGenerationError('summary', 'failed', 'crashed', 502, true);
    });
    await expect(writeNotesAround(dead, input, undefined, points)).rejects.toThrow('Summary');
  });
});
