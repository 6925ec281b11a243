/**
 * `GET /api/account/export`: the whole account as a zip, read back with JSZip: a folder per
 * meeting with its Markdown, transcript and JSON, the audio byte for byte when asked (and not
 * otherwise), to-dos and chats with their messages; nothing of another user.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { JFK_WAV } from '../../../test/recordings.ts';
import type { RunningServer } from '../../server.ts';
import { storedAudioUrl } from '../../storage/types.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let jfk: Buffer;
let withAudio: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  jfk = await readFile(JFK_WAV);
  const first = await alice.post('/api/meetings', {
    title: 'Kick-off: scope',
    transcript: 'Speaker 1: Ask not what your country can do for you.',
    summary: '## Decisions\n\n- Keep the scope small.',
    participants: ['Speaker 1'],
  });
  withAudio = first.body.id;
  const key = `${alice.userId}/1700000000000-meeting-audio.wav`;
  await server.storage.put(key, Readable.from(jfk), 'audio/wav', { size: jfk.length });
  await server.database.db
    .update(meetings)
    .set({ audioUrl: storedAudioUrl(key), date: new Date('2026-11-30T09:00:00Z') })
    .where(eq(meetings.id, withAudio));
  await alice.post('/api/meetings', { title: 'Retro', transcript: 'Speaker 1: Fine.' });
  await alice.post('/api/todos', { title: 'Write the scope down', meetingId: withAudio });
  const chat = await alice.post('/api/chats', { title: 'About the scope' });
  await alice.post(`/api/chats/${chat.body.id}/messages`, {
    content: 'What is in scope?',
    isUser: true,
  });
  await bob.post('/api/meetings', { title: 'Bob only', transcript: 'Speaker 1: Private.' });
  await bob.post('/api/todos', { title: 'Bob private to-do' });
});
afterAll(() => server?.close());

async function exportZip(query: string) {
  const res = await fetch(`${server.url}/api/account/export${query}`, {
    headers: { cookie: alice.cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="Summy export \d{4}-\d\d-\d\d\.zip"/,
  );
  return JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
}

describe('GET /api/account/export', () => {
  it('holds every meeting, the audio when asked, to-dos and chats; nothing of another user', async () => {
    const zip = await exportZip('?audio=true');
    const names = Object.keys(zip.files)
      .filter((n) => !n.endsWith('/'))
      .sort();
    const folder = `meetings/2026-11-30 Kick-off scope (${withAudio.slice(0, 8)})/`;
    expect(names).toEqual(
      expect.arrayContaining([
        `${folder}meeting.md`,
        `${folder}transcript.txt`,
        `${folder}meeting.json`,
        `${folder}audio.wav`,
        'todos.json',
        'chats.json',
        'README.txt',
      ]),
    );
    expect(names.filter((n) => n.endsWith('meeting.md'))).toHaveLength(2);
    const audio = await zip.file(`${folder}audio.wav`)!.async('nodebuffer');
    expect(audio.equals(jfk)).toBe(true);
    expect(await zip.file(`${folder}meeting.md`)!.async('string')).toContain(
      '- Keep the scope small.',
    );
    const todos = JSON.parse(await zip.file('todos.json')!.async('string'));
    expect(todos.map((t: { title: string }) => t.title)).toEqual(['Write the scope down']);
    const chats = JSON.parse(await zip.file('chats.json')!.async('string'));
    expect(chats).toMatchObject([
      { title: 'About the scope', messages: [{ content: 'What is in scope?', isUser: true }] },
    ]);
    const all = (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('\n');
    expect(all).not.toContain('Bob');
  });

  it('leaves the audio out unless asked', async () => {
    const zip = await exportZip('');
    expect(Object.keys(zip.files).some((n) => n.includes('audio.'))).toBe(false);
    expect(await zip.file('README.txt')!.async('string')).toContain(
      'Recordings were not included.',
    );
  });
});
