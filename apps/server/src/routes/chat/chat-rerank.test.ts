/**
 * The assistant's retrieval with a local text-embedding model installed: the tests' tiny GGUF
 * (random weights, so its similarities mean nothing; what is checked is the path): the full-text
 * ranking is kept without the model; with it, passages of the picked meeting that hold none of the
 * question's words join the sources, every passage is embedded once and kept, and the same
 * question gives the same sources.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { chatCitationSchema, type ChatCitation } from '@summy/core';
import { meetingPassages, passageEmbeddings } from '@summy/db';
import { askStream } from '../../../test/chat-stream.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { loadQmsumMeeting } from '../../../test/qmsum.ts';
import { installTinyModels, type TinyInstall } from '../../../test/tiny-models.ts';
import { closeLocalEngines } from '../../providers/llm/local/provider.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let tiny: TinyInstall;
let meetingId: string;

// None of its words is in the meeting (checked below): full-text search finds nothing, and the
// sources are the meeting's opening turns; with the model, the passages closest to it.
const QUESTION = 'How was the mood and the atmosphere?';
const QUESTION_WORDS = /mood|atmosphere/i;

beforeAll(async () => {
  tiny = await installTinyModels({ notesModels: true, install: [] });
  server = await startTestServer(
    { SUMMY_MODELS_DIR: tiny.modelsDir, MODELS_CATALOG: tiny.catalogFile },
    { workers: false },
  );
  alice = await signUp(server, 'Alice');
  const kickoff = loadQmsumMeeting('ami_ES2011a');
  meetingId = (
    await alice.post('/api/meetings', { title: 'Kick-off', transcript: kickoff.transcript })
  ).body.id;
});
afterAll(async () => {
  await server?.close();
  await tiny?.remove();
});

/** The passages given for the question: the stream's `citations` event (every source). */
async function ask(): Promise<ChatCitation[]> {
  const res = await askStream(alice, {
    content: QUESTION,
    context: { type: 'meeting', meetingIds: [meetingId] },
  });
  expect(res.status, res.raw.slice(0, 300)).toBe(200);
  const sources = res.events.find((e) => e.event === 'citations');
  expect(res.events.at(-1)?.event, res.raw.slice(-300)).toBe('done');
  return chatCitationSchema.array().parse((sources!.data as { citations: unknown }).citations);
}

async function embeddedPassages(): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(passageEmbeddings)
    .where(eq(passageEmbeddings.model, 'tiny-text-embedding'));
  return row!.n;
}

let fullTextOnly: ChatCitation[];

describe('chat retrieval with a text-embedding model', () => {
  it('keeps the full-text path while no embedding model is installed: the opening turns', async () => {
    fullTextOnly = await ask();
    expect(fullTextOnly.length).toBeGreaterThan(0);
    for (const c of fullTextOnly) expect(c.text).not.toMatch(QUESTION_WORDS);
    // Nothing matched: the meeting speaks through its first turns, in order.
    const turns = fullTextOnly.map((c) => c.turnIndex);
    expect(turns).toEqual([...turns].sort((a, b) => a! - b!));
    expect(turns[0]).toBe(0);
    expect(await embeddedPassages()).toBe(0);
  });

  it('reranks with the installed model: passages found by embedding alone join, each embedded once, the same order again', async () => {
    await tiny.install('tiny-text-embedding');
    const first = await ask();
    // Found by embedding alone: not the opening turns.
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((c) => c.turnIndex)).not.toEqual(fullTextOnly.map((c) => c.turnIndex));

    // Every passage of the picked meeting was embedded, once.
    const [passages] = await server.database.db
      .select({ n: count() })
      .from(meetingPassages)
      .where(eq(meetingPassages.meetingId, meetingId));
    const embedded = await embeddedPassages();
    expect(embedded).toBe(passages!.n);

    const again = await ask();
    expect(again).toEqual(first);
    expect(await embeddedPassages()).toBe(embedded);
  });

  it('answers with the full-text ranking when the embedding model cannot be loaded', async () => {
    // The installed file damaged, and its worker ended: the next one cannot load it.
    const entry = tiny.entries.find((e) => e.id === 'tiny-text-embedding')!;
    await writeFile(path.join(tiny.modelsDir, entry.id, entry.files.model!), 'not a model');
    await closeLocalEngines();
    expect(await ask()).toEqual(fullTextOnly);
  });
});
