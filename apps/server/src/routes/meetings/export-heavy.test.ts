/**
 * Exports of a long meeting (a 1 MB transcript: seconds of PDF layout) through the public API.
 * The document is written on an export thread, so while it is written the server answers
 * `/api/health` and another user's meeting list; before, the PDF was laid out on the server's
 * own thread and every request waited for it. One user's burst of exports past the per-user limit
 * is refused with 429 and `Retry-After`, as is a burst of many users past the server's limit;
 * the accepted exports are whole documents, and nothing saved changes.
 */
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import {
  EXPORT_RETRY_AFTER_S,
  EXPORTS_PER_SERVER,
  EXPORTS_PER_USER,
} from '../../services/export/export-limits.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { longTranscript } from '../../../test/transcripts.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let id: string;
const TRANSCRIPT = longTranscript(1_000_000);
/** The number in the transcript's last turn ('account N' or 'region N'). */
const LAST_TURN = TRANSCRIPT.slice(TRANSCRIPT.lastIndexOf('Speaker '));

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  const created = await alice.post('/api/meetings', {
    title: 'Quarterly planning',
    transcript: TRANSCRIPT,
    summary: '## Decisions\n\n- **Speaker 2** sends the budget.',
  });
  expect(created.status).toBe(201);
  id = created.body.id;
  expect(
    (await bob.post('/api/meetings', { title: 'Bob standup', transcript: 'Hi.' })).status,
  ).toBe(201);
});
afterAll(() => server?.close());

/** One export as `client`: status, headers and the body's bytes. */
async function download(client: Client, format = 'pdf', meetingId = id) {
  const res = await fetch(`${server.url}/api/meetings/${meetingId}/export?format=${format}`, {
    headers: { cookie: client.cookie },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF's pages and the text of its last page, read by pdf.js. */
async function pdfPages(bytes: Buffer): Promise<{ pages: number; lastPage: string }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const content = await (await pdf.getPage(pdf.numPages)).getTextContent();
  const lastPage = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
  return { pages: pdf.numPages, lastPage: lastPage.replace(/\s+/g, ' ') };
}

describe('exports of a long meeting', () => {
  it('answers health and another user while a PDF is written; the PDF is whole', async () => {
    const order: string[] = [];
    const exported = download(alice).then((answer) => {
      order.push('export');
      return answer;
    });
    // Asked once the export is under way (its meeting read, its layout begun). On the server's
    // own thread the layout held this timer and these requests until the PDF was written.
    await new Promise((r) => setTimeout(r, 300));
    const health = await fetch(`${server.url}/api/health`);
    order.push(`health ${health.status}`);
    const list = await bob.get('/api/meetings');
    order.push(`list ${list.status}`);
    const { status, bytes } = await exported;
    expect(order).toEqual(['health 200', 'list 200', 'export']);
    expect(list.body.items.map((m: { title: string }) => m.title)).toEqual(['Bob standup']);

    expect(status).toBe(200);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, lastPage } = await pdfPages(bytes);
    expect(pages).toBeGreaterThan(100);
    expect(lastPage).toContain(LAST_TURN.replace(/^Speaker \d: /, '').slice(0, 40));
  });

  it("refuses one user's exports past the per-user limit with 429 and Retry-After", async () => {
    const burst = await Promise.all(
      Array.from({ length: EXPORTS_PER_USER + 2 }, (_, i) =>
        download(alice, i % 2 ? 'docx' : 'pdf'),
      ),
    );
    const refused = burst.filter((a) => a.status === 429);
    expect(burst.filter((a) => a.status === 200)).toHaveLength(EXPORTS_PER_USER);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe(String(EXPORT_RETRY_AFTER_S));
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({
        error: 'Too many exports',
        details: expect.stringMatching(/^You have 2 exports being written; try again in 5 seconds/),
      });
    }
    // The accepted ones are whole documents.
    for (const answer of burst.filter((a) => a.status === 200)) {
      if (answer.bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
        expect((await pdfPages(answer.bytes)).pages).toBeGreaterThan(100);
      } else {
        const xml = await (
          await JSZip.loadAsync(answer.bytes)
        )
          .file('word/document.xml')!
          .async('string');
        expect(xml).toContain(LAST_TURN.replace(/^Speaker \d: /, '').slice(0, 40));
      }
    }
    // Both export routes document the refusal.
    const spec = (await alice.get('/api/openapi.json')).body;
    for (const path of ['/api/meetings/{id}/export', '/api/account/export']) {
      expect(spec.paths[path].get.responses['429'].description).toContain('Too many exports');
    }
    // The account export shares the user's limit while exports run, and is free again after.
    const [, , account] = await Promise.all([
      download(alice),
      download(alice, 'docx'),
      new Promise((r) => setTimeout(r, 300)).then(() => alice.get('/api/account/export')),
    ]);
    expect(account.status).toBe(429);
    expect(account.headers.get('retry-after')).toBe(String(EXPORT_RETRY_AFTER_S));
    // Slots are given back: the next export is written, and the meeting is as it was saved.
    expect((await download(alice, 'md')).status).toBe(200);
    const meeting = await alice.get(`/api/meetings/${id}`);
    expect(meeting.body.transcript).toBe(TRANSCRIPT);
  });

  it('refuses exports past the server limit, whoever asks', async () => {
    // Enough users, each within their own limit, to fill the server and one more.
    const users = [alice];
    while (users.length * EXPORTS_PER_USER <= EXPORTS_PER_SERVER) {
      const user = await signUp(server, `User ${users.length}`);
      const created = await user.post('/api/meetings', { title: 'Long', transcript: TRANSCRIPT });
      expect(created.status).toBe(201);
      users.push(user);
    }
    const meetings = await Promise.all(
      users.map(async (u) => (u === alice ? id : (await u.get('/api/meetings')).body.items[0].id)),
    );
    const burst = await Promise.all(
      users.flatMap((u, i) =>
        Array.from({ length: EXPORTS_PER_USER }, () => download(u, 'pdf', meetings[i])),
      ),
    );
    const refused = burst.filter((a) => a.status === 429);
    expect(burst.filter((a) => a.status === 200)).toHaveLength(EXPORTS_PER_SERVER);
    expect(refused.length).toBe(users.length * EXPORTS_PER_USER - EXPORTS_PER_SERVER);
    expect(JSON.parse(refused[0]!.bytes.toString('utf8'))).toEqual({
      error: 'Too many exports',
      details: 'The server is busy writing other exports; try again in 5 seconds.',
    });
    expect(refused[0]!.headers.get('retry-after')).toBe(String(EXPORT_RETRY_AFTER_S));
  });
});
