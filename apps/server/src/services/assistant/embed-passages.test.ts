/**
 * With a text-embedding model installed (the tests' tiny GGUF), a written meeting's passages are
 * embedded by the background `search.index` job before anyone asks about it, and a question then
 * embeds none of them again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { meetingPassages, passageEmbeddings } from '@summy/db';
import { askStream } from '../../../test/chat-stream.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { loadQmsumMeeting } from '../../../test/qmsum.ts';
import { installTinyModels, type TinyInstall } from '../../../test/tiny-models.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let tiny: TinyInstall;

beforeAll(async () => {
  tiny = await installTinyModels({ notesModels: true, install: ['tiny-text-embedding'] });
  server = await startTestServer({
    SUMMY_MODELS_DIR: tiny.modelsDir,
    MODELS_CATALOG: tiny.catalogFile,
  });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
  await tiny?.remove();
});

/** The meeting's passages, and how many of them have a vector of the tiny model. */
async function counts(meetingId: string): Promise<{ passages: number; embedded: number }> {
  const { db } = server.database;
  const [passages] = await db
    .select({ n: count() })
    .from(meetingPassages)
    .where(eq(meetingPassages.meetingId, meetingId));
  const [embedded] = await db
    .select({ n: count() })
    .from(passageEmbeddings)
    .innerJoin(meetingPassages, eq(meetingPassages.id, passageEmbeddings.passageId))
    .where(
      and(
        eq(meetingPassages.meetingId, meetingId),
        eq(passageEmbeddings.model, 'tiny-text-embedding'),
      ),
    );
  return { passages: passages!.n, embedded: embedded!.n };
}

describe('passages embedded in the background', () => {
  it('embeds a written meeting before any question, and the question embeds nothing again', async () => {
    const kickoff = loadQmsumMeeting('ami_ES2011a');
    const created = await alice.post('/api/meetings', {
      title: 'Kick-off',
      transcript: kickoff.transcript,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    let now = await counts(id);
    for (let i = 0; i < 600 && (now.passages === 0 || now.embedded < now.passages); i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await counts(id);
    }
    expect(now.passages).toBeGreaterThan(10);
    expect(now.embedded).toBe(now.passages);

    const res = await askStream(alice, {
      content: 'How was the mood?',
      context: { type: 'meeting', meetingIds: [id] },
    });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.events.at(-1)?.event, res.raw.slice(-300)).toBe('done');
    expect(await counts(id)).toEqual(now);
  }, 120_000);
});
