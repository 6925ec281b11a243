/**
 * Deleting a meeting leaves nothing of it (privacy text: deleted data removed within 30 days). Real
 * audio is uploaded and recorded in chunks, processed by the pipeline (scripted providers with
 * distinctive words), asked about in a saved chat, then the meetings are deleted; every column of
 * every table in `public` and every stored file (local disk, or the fake S3 bucket) is searched for
 * the meetings' ids, audio keys and words. The signed URLs handed out before answer 404 at once; a
 * meeting that was not deleted keeps all.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema } from '@summy/core';
import type { Env } from '../../env.ts';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import type { RunningServer } from '../../server.ts';
import { REDACTED_ANSWER } from '../../services/meetings/delete-meeting.ts';
import { sweepLeftovers } from '../../services/meetings/meeting-leftovers.ts';
import { playbackMixKey } from '../../storage/playback-mix.ts';
import { startFakeS3, type FakeS3 } from '@summy/fakes/s3';
import { keyFromAudioUrl, uniqueAudioKey } from '../../storage/types.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitProcessed } from '../../../test/meetings.ts';
import {
  ffmpeg,
  JFK_WAV,
  postFile,
  reachable,
  storedAudioUrlOf,
} from '../../../test/recordings.ts';

/** Words only the deleted meetings contain (transcript, summary, title, action items). */
const WORDS = ['quokka', 'marzipan', 'zeppelin'];

const words = (text: string, speaker: number, from: number) =>
  text.split(' ').map((word, i) => ({
    word,
    start: from + i * 0.4,
    end: from + i * 0.4 + 0.35,
    confidence: 0.9,
    speaker,
  }));

const script = {
  words: [
    ...words('the budget pays for the quokka enclosure and the marzipan', 0, 0),
    ...words('our budget also covers the zeppelin hangar', 1, 6),
  ],
  durationS: 11,
  title: 'Zeppelin budget',
  summary: {
    summary: '## Overview\nThe budget covers the marzipan zeppelin and the quokka.',
    topics: [{ topic: 'Zeppelin', confidence: 0.9 }],
  },
  actionItems: [
    {
      title: 'Book the zeppelin hangar',
      description: 'quokka friendly',
      assignedTo: 'Speaker 1',
      confidence: 0.9,
    },
  ],
};

/** What the pipeline makes of a meeting that stays: none of `WORDS`. */
const keptScript = {
  words: words('the garden party has a budget', 0, 0),
  durationS: 11,
  title: 'Garden party',
  summary: { summary: '## Overview\nThe garden party budget.', topics: [] },
  actionItems: [],
};
let current: typeof script | typeof keptScript = script;

const jfk = readFileSync(JFK_WAV);
let chunks: Buffer[] = [];
let fakeS3: FakeS3;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-delete-webm-'));
  const out = path.join(dir, 'jfk.webm');
  [fakeS3] = await Promise.all([
    startFakeS3(),
    ffmpeg(['-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', out]),
  ]);
  const webm = readFileSync(out);
  rmSync(dir, { recursive: true, force: true });
  // About 1000 ms of 32 kbit/s opus per chunk, like MediaRecorder's timeslice.
  chunks = Array.from({ length: Math.ceil(webm.length / 4000) }, (_, i) =>
    webm.subarray(i * 4000, (i + 1) * 4000),
  );
});
afterAll(() => fakeS3?.close());

/** Every file under `dir`, recursively, with its path relative to `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(['local', 's3'] as const)('deleting a meeting (%s storage)', (backend) => {
  let server: RunningServer;
  let dataDir: string;
  let alice: Client;
  const bucket = `summy-${backend}-${process.pid}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-delete-'));
    server = await startTestServer(
      {
        DATA_DIR: dataDir,
        ...(backend === 's3'
          ? {
              S3_BUCKET: bucket,
              S3_ENDPOINT: fakeS3.endpoint,
              S3_ACCESS_KEY_ID: 'AKIAFAKE',
              S3_SECRET_ACCESS_KEY: 'fake-secret',
            }
          : {}),
      },
      { tools: async () => scriptedTools(current) },
    );
    alice = await signUp(server, 'Alice');
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const sendChunk = (meetingId: string, index: number) =>
    fetch(`${server.url}/api/meetings/${meetingId}/audio?index=${index}`, {
      method: 'POST',
      body: chunks[index]!,
      headers: {
        cookie: alice.cookie,
        origin: alice.origin,
        'content-type': 'audio/webm;codecs=opus',
      },
    }).then((r) => r.status);

  const upload = async (name: string, with_: typeof current = script) => {
    current = with_;
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: jfk,
      name,
      type: 'audio/wav',
    });
    expect(res.status).toBe(201);
    return waitProcessed(alice, res.body.meetingId as string);
  };

  /** A signed URL of the meeting's audio, as the browser gets it and can reach it. */
  const signedUrl = async (meetingId: string) => {
    const res = await alice.get(`/api/meetings/${meetingId}/audio-url`);
    expect(res.status).toBe(200);
    return backend === 's3' ? (res.body.url as string) : reachable(res.body.url, server);
  };

  /** Rows of any table in `public` whose text holds one of `needles` (case-insensitive). */
  async function databaseHits(needles: string[]): Promise<string[]> {
    const tables = await server.database.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['meetings', 'meeting_passages', 'search_lexemes', 'chats']),
    );
    const hits: string[] = [];
    for (const { table_name } of tables) {
      // The row's text form holds every column: text, jsonb, uuid, arrays, tsvector.
      const rows = await server.database.query<{ row: string }>(
        `select t::text as row from public."${table_name.replace(/"/g, '""')}" t
         where t::text ilike any($1::text[])`,
        [needles.map((n) => `%${n}%`)],
      );
      for (const r of rows) hits.push(`${table_name}: ${r.row.slice(0, 200)}`);
    }
    return hits;
  }

  /** Stored objects and files under DATA_DIR whose name or (small) content holds a needle. */
  async function storageHits(needles: string[]): Promise<string[]> {
    const hits: string[] = [];
    const has = (text: string) => needles.some((n) => text.toLowerCase().includes(n.toLowerCase()));
    for (const file of await filesUnder(dataDir)) {
      const { size } = await fs.stat(path.join(dataDir, file));
      const content = size < 1e6 ? await fs.readFile(path.join(dataDir, file), 'latin1') : '';
      if (has(file) || has(content)) hits.push(`file ${file}`);
    }
    for (const [name, object] of fakeS3.objects) {
      if (!name.startsWith(`${bucket}/`)) continue;
      if (has(name) || has(object.body.toString('latin1'))) hits.push(`s3 ${name}`);
    }
    return hits;
  }

  it('removes its rows, passages, lexemes, quoting answers, audio and chunks; signed URLs answer 404', async () => {
    // A meeting that stays: nothing of it may go.
    const kept = await upload('kept.wav', keptScript);
    const keptUrl = await signedUrl(kept.id);

    // Uploaded real audio, processed.
    const uploaded = await upload('zeppelin.wav');
    expect(uploaded.transcript).toContain('quokka');
    // Recorded in chunks, stopped and processed.
    const recorded = (await alice.post('/api/meetings', { title: 'Rec', isRecording: true })).body
      .id as string;
    for (let i = 0; i < chunks.length; i++) expect(await sendChunk(recorded, i)).toBe(200);
    expect(
      (await alice.post(`/api/meetings/${recorded}/stop`, { durationMs: 11_000 })).status,
    ).toBe(200);
    await waitProcessed(alice, recorded);
    current = keptScript;
    // Still recording: its chunks wait on disk.
    const recording = (await alice.post('/api/meetings', { title: 'Live', isRecording: true })).body
      .id as string;
    for (let i = 0; i < 3; i++) expect(await sendChunk(recording, i)).toBe(200);
    const partsDir = path.join(dataDir, 'recordings-in-progress', recording);
    expect(readdirSync(partsDir)).toEqual(['0.part', '1.part', '2.part']);

    const deleted = [uploaded.id, recorded, recording];
    const keys = await Promise.all(
      [uploaded.id, recorded].map(async (id) =>
        keyFromAudioUrl(await storedAudioUrlOf(server, id))!,
      ),
    );
    const urls = await Promise.all([uploaded.id, recorded].map(signedUrl));
    for (const url of [...urls, keptUrl]) expect((await fetch(url)).status).toBe(200);

    // A chat about the meetings, saved as the panel saves it.
    const answer = await alice.post('/api/chat', {
      content: 'What about the budget?',
      context: { type: 'meeting', meetingIds: [uploaded.id, recorded, kept.id] },
    });
    expect(answer.status).toBe(200);
    const { content, citations } = chatAnswerSchema.parse(answer.body);
    expect(citations.some((c) => c.meetingId === uploaded.id)).toBe(true);
    expect(content).toMatch(/quokka|zeppelin|marzipan/i);
    const chat = (
      await alice.post('/api/chats', {
        title: 'Budget',
        contextMeetingIds: [uploaded.id, recorded, kept.id],
      })
    ).body;
    const post = (body: unknown) => alice.post(`/api/chats/${chat.id}/messages`, body);
    expect(
      (await post({ content: 'What about the budget?', isUser: true, meetingId: uploaded.id }))
        .status,
    ).toBe(201);
    expect((await post({ content, isUser: false, citations })).status).toBe(201);
    const keptAnswer = await post({
      content: 'The garden party has a budget [1].',
      isUser: false,
      citations: [
        { text: 'The budget of the garden party.', section: 'transcript', meetingId: kept.id },
      ],
    });
    expect(keptAnswer.status).toBe(201);

    // The scans see the meetings before: they would see any remainder after.
    const needles = [...deleted, ...keys, ...WORDS];
    const before = await databaseHits(needles);
    for (const table of [
      'meetings',
      'meeting_passages',
      'search_lexemes',
      'todos',
      'chats',
      'chat_messages',
    ]) {
      expect(
        before.some((h) => h.startsWith(`${table}:`)),
        table,
      ).toBe(true);
    }
    expect((await storageHits(keys.map((k) => k.split('/').pop()!))).length).toBe(2);

    for (const id of deleted) expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    for (const id of deleted) expect((await alice.get(`/api/meetings/${id}`)).status).toBe(404);
    expect((await alice.delete(`/api/meetings/${uploaded.id}`)).status).toBe(404);

    expect(await databaseHits(needles)).toEqual([]);
    expect(
      await storageHits([...deleted, ...keys.map((k) => k.split('/').pop()!), ...WORDS]),
    ).toEqual([]);
    for (const url of urls) expect((await fetch(url)).status).toBe(404);

    // The chat keeps the user's question and the other meeting; the quoting answer is withdrawn.
    expect((await alice.get(`/api/chats/${chat.id}`)).body ?? null).not.toBeNull();
    const [savedChat] = (await alice.get('/api/chats')).body.filter((c: any) => c.id === chat.id);
    expect(savedChat.contextMeetingIds).toEqual([kept.id]);
    const messages = (await alice.get(`/api/chats/${chat.id}/messages`)).body as any[];
    expect(messages.map((m) => m.content)).toEqual([
      'What about the budget?',
      REDACTED_ANSWER,
      'The garden party has a budget [1].',
    ]);
    expect(messages[0].meetingId).toBeNull();
    expect(messages[2].citations).toHaveLength(1);

    // The meeting that stays keeps its audio, passages and answer.
    expect((await fetch(keptUrl)).status).toBe(200);
    const again = await alice.post('/api/chat', {
      content: 'What about the garden party budget?',
      context: { type: 'meeting', meetingIds: [kept.id] },
    });
    expect(again.body.citations.some((c: any) => /garden party/i.test(c.text))).toBe(true);
  });

  it('sweeps what a deletion could not remove, and spares young or owned objects', async () => {
    const kept = await upload('kept-too.wav', keptScript);
    const keptKey = keyFromAudioUrl(await storedAudioUrlOf(server, kept.id))!;
    // An object with no meeting (storage was down during the deletion, or the meeting was
    // deleted while its upload was being stored), and chunks of a meeting that is gone.
    const orphan = uniqueAudioKey(alice.userId, 'audio/wav');
    await server.storage.put(orphan, Readable.from([jfk]), 'audio/wav');
    // Call recordings' mono mixes: kept with their original, removed without it.
    await server.storage.put(playbackMixKey(keptKey), Readable.from([jfk]), 'audio/webm');
    await server.storage.put(playbackMixKey(orphan), Readable.from([jfk]), 'audio/webm');
    const gone = '00000000-0000-4000-8000-000000000000';
    await fs.mkdir(path.join(dataDir, 'recordings-in-progress', gone), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'recordings-in-progress', gone, '0.part'), chunks[0]!);
    const deps = {
      database: server.database,
      storage: server.storage,
      env: { dataDir } as Env,
    };

    // Young: an upload stores its audio before its meeting row, so the object is spared.
    expect(await sweepLeftovers(deps)).toMatchObject({ objects: 0, recordings: 1 });
    expect(await server.storage.stat(orphan)).toBeDefined();

    expect(await sweepLeftovers(deps, { graceMs: 0 })).toMatchObject({ objects: 2, recordings: 0 });
    expect(await server.storage.stat(orphan)).toBeUndefined();
    expect(await server.storage.stat(playbackMixKey(orphan))).toBeUndefined();
    expect(await server.storage.stat(keptKey)).toBeDefined();
    expect(await server.storage.stat(playbackMixKey(keptKey))).toBeDefined();
    expect(readdirSync(path.join(dataDir, 'recordings-in-progress'))).not.toContain(gone);
  });
});
