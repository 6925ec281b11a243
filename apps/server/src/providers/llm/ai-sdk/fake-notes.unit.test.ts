/**
 * The fake vendors' default answer to the notes task passes Summy's check and says what its file
 * documents, so pipeline tests and e2e specs can rely on it.
 */
import { describe, expect, it } from 'vitest';
import {
  checkWrittenNotes,
  noteLinesOf,
  writtenNotesAnswerSchema,
  type NoteBlock,
} from '@summy/core';
import { defaultFakeScript, FAKE_NOTE_EXPANSION, type FakeLlmRequest } from '@summy/fakes/llm';
import { writtenNotesPrompt } from './prompts.ts';

const TRANSCRIPT = [
  'Speaker 1: The budget for the launch is forty thousand euros.',
  'Speaker 2: Marketing wants half of the budget for the video.',
  'Speaker 1: We also agreed to move the launch to June.',
  'Speaker 3: The firmware needs two more weeks.',
].join('\n\n');

const blocks: NoteBlock[] = [
  {
    id: 'a',
    phase: 'before',
    t: null,
    markdown: 'Ask about the catering contract\n- Launch date?',
  },
  { id: 'b', phase: 'during', t: 1, markdown: '## Budget\n- video: half of it' },
  { id: 'c', phase: 'after', t: null, markdown: '## Timeline\n- [ ] move launch' },
];
const lines = noteLinesOf(blocks);

async function ask() {
  const p = writtenNotesPrompt({ transcript: TRANSCRIPT, lines, meetingTitle: 'Launch' });
  const req: FakeLlmRequest = {
    endpoint: 'openai.chat',
    model: 'gpt-5-mini',
    system: p.system,
    prompt: p.prompt,
    wantsJson: true,
    stream: false,
    body: {},
  };
  return writtenNotesAnswerSchema.parse(JSON.parse(await defaultFakeScript(req)));
}

describe('the fake vendors answer the notes task', () => {
  it('with an answer that passes checkWrittenNotes, headings in order then Also discussed', async () => {
    const answer = await ask();
    expect(checkWrittenNotes(lines, answer, 3 + 1).ok).toBe(true);
    expect(answer.sections.map((s) => [s.heading, s.noteRef])).toEqual([
      [null, null],
      ['Budget', 'n3'],
      ['Timeline', 'n5'],
      ['Also discussed', null],
    ]);
  });

  it('keeps each note line with an expansion citing a turn that shares its words', async () => {
    const [, budget, timeline] = (await ask()).sections;
    expect(budget!.bullets[0]).toEqual({
      text: `video: half of it. ${FAKE_NOTE_EXPANSION} "Marketing wants half of the budget for the video."`,
      noteRef: 'n4',
      citations: [1],
      discussed: true,
    });
    expect(timeline!.bullets[0]).toMatchObject({ noteRef: 'n6', citations: [2], discussed: true });
  });

  it('marks a line written before the meeting and never said as not discussed, uncited', async () => {
    const [lead] = (await ask()).sections;
    expect(lead!.bullets[0]).toEqual({
      text: 'Ask about the catering contract',
      noteRef: 'n1',
      citations: [],
      discussed: false,
    });
    // 'Launch date?': 'launch' is in the transcript.
    expect(lead!.bullets[1]).toMatchObject({ noteRef: 'n2', discussed: true, citations: [0] });
  });

  it('adds one model bullet per section quoting the turn it cites, and one under Also discussed', async () => {
    for (const s of (await ask()).sections) {
      const model = s.bullets.filter((b) => b.noteRef === null);
      expect(model).toHaveLength(1);
      expect(model[0]!.citations).toHaveLength(1);
    }
    const also = (await ask()).sections.at(-1)!.bullets[0]!;
    expect(also).toEqual({
      text: 'Speaker 3 said: "The firmware needs two more weeks."',
      noteRef: null,
      citations: [3],
      discussed: true,
    });
  });
});
