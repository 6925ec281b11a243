/**
 * Offline notes after a speaker is renamed, through the public API on PGlite: a meeting processed
 * by the real offline text model (speech to text scripted, the speaker enhancement giving the
 * first speaker a role label), then `PUT /api/meetings/:id/speakers`. The summary, the meeting's
 * action items and the to-do list name the new name; none keeps the old label, and a person's
 * name never reads 'The Abbie Claflin'. Undo brings the label back.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSchema, type Meeting, type Word } from '@summy/core';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import { createOfflineTextModel } from '../../providers/llm/offline/model.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { JFK_WAV, uploadProcessed } from '../../../test/recordings.ts';

/** What each speaker says, in turn (speaker index, sentence). */
const TALK: [number, string][] = [
  [0, 'Good morning everyone, the budget for the school transport pilot is forty thousand euros.'],
  [1, 'The supplier has agreed to the price for the school transport pilot.'],
  [0, 'The pilot covers the three rural schools of the district from March.'],
  [1, 'The drivers need a safety course before the pilot starts in the district.'],
  [0, 'I will send the signed contract to the supplier by Friday.'],
  [1, 'Thanks, that sounds good for the pilot.'],
];

/** The talk above as the words a speech-to-text provider answers, a third of a second each. */
function wordsOf(talk: [number, string][]): Word[] {
  let t = 0;
  return talk.flatMap(([speaker, text]) =>
    text.split(' ').map((word) => {
      t += 0.35;
      return { word, start: t - 0.35, end: t - 0.05, confidence: 0.9, speaker };
    }),
  );
}

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  const scripted = scriptedTools({ words: wordsOf(TALK) });
  const offline = createOfflineTextModel();
  server = await startTestServer(
    {},
    {
      tools: async () => ({
        stt: scripted.stt,
        text: {
          ...offline,
          // The label a speaker enhancement gives a speaker by their role.
          enhanceSpeakers: async (t) => t.replace(/^Speaker 1:/gm, 'Project Manager:'),
        },
        extractActionItems: (model, transcript) => model.extractActionItems(transcript),
      }),
    },
  );
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** Every text of the meeting that names speakers: summary, action items, the to-do list. */
async function shown(id: string): Promise<{ meeting: Meeting; texts: string[] }> {
  const meeting = meetingSchema.parse((await alice.get(`/api/meetings/${id}`)).body);
  const todos = (await alice.get('/api/todos')).body as {
    meetingId: string | null;
    title: string;
    description: string | null;
    assignedTo: string | null;
  }[];
  const items = [...meeting.actionItems, ...todos.filter((t) => t.meetingId === id)];
  return {
    meeting,
    texts: [
      meeting.summary ?? '',
      ...items.flatMap((i) => [i.title, i.description ?? '', i.assignedTo ?? '']),
    ],
  };
}

describe('offline notes after a rename', () => {
  it('name the new name in the summary, action items and to-dos, without "The"', async () => {
    const processed = await uploadProcessed(alice, await readFile(JFK_WAV));
    const id = processed.id;
    // Before: the role label, with its article, and the quote of the commitment.
    expect(processed.summary).toMatch(/\bThe Project Manager\b/);
    const commitment = processed.actionItems.find((i) => /signed contract/i.test(i.title));
    expect(commitment?.assignedTo).toBe('Project Manager');
    expect(commitment?.description).toContain(
      'Project Manager: “I will send the signed contract to the supplier by Friday.”',
    );

    const renamed = await alice.put(`/api/meetings/${id}/speakers`, {
      names: { 'Project Manager': 'Abbie Claflin' },
    });
    expect(renamed.status).toBe(200);
    const after = await shown(id);
    const all = after.texts.join('\n');
    expect(after.meeting.summary).toContain('Abbie Claflin');
    expect(all).not.toContain('Project Manager');
    expect(all).not.toMatch(/\bthe Abbie Claflin/i);
    const item = after.meeting.actionItems.find((i) => /signed contract/i.test(i.title));
    expect(item?.assignedTo).toBe('Abbie Claflin');
    expect(item?.description).toContain(
      'Abbie Claflin: “I will send the signed contract to the supplier by Friday.”',
    );

    // Undo: the role and its article come back everywhere.
    expect((await alice.put(`/api/meetings/${id}/speakers`, { names: {} })).status).toBe(200);
    const undone = await shown(id);
    expect(undone.meeting.summary).toMatch(/\bThe Project Manager\b/);
    expect(undone.texts.join('\n')).not.toContain('Abbie Claflin');
    expect(
      undone.meeting.actionItems.find((i) => /signed contract/i.test(i.title))?.description,
    ).toContain('Project Manager: “I will send');
  });
});
