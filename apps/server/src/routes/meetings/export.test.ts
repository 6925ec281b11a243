/**
 * `GET /api/meetings/:id/export`: every format downloaded through the API and read back with the
 * tools that open it: YAML front matter parsed, subtitle cues parsed with their times and
 * speakers, the DOCX unzipped and its document XML read, the PDF's text extracted by pdf.js, the
 * JSON parsed. Names given to speakers appear everywhere; another user's meeting answers 404.
 */
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { meetings } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let id: string;

const LONG =
  'We compared the three suppliers on price, delivery time and the quality of their samples, and the second one was better on every count except the delivery time.';
const TRANSCRIPT = [
  'Speaker 1: Good morning. The budget for the pilot is forty thousand euros.',
  `Speaker 2: ${LONG}`,
  'Speaker 1: Then we go with the second supplier & ask for <faster> delivery.',
].join('\n\n');

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  const created = await alice.post('/api/meetings', {
    title: 'Pilot: budget / suppliers — Q3',
    transcript: TRANSCRIPT,
    summary: '## Decisions\n\n- **Speaker 2** compared the suppliers.\n- Go with the second one.',
    participants: ['Speaker 1', 'Speaker 2'],
    duration: 2,
    topics: [{ topic: 'Supplier choice', confidence: 0.9 }],
  });
  expect(created.status).toBe(201);
  id = created.body.id;
  await server.database.db
    .update(meetings)
    .set({
      summaryData: {
        topics: [{ topic: 'Supplier choice', confidence: 0.9 }],
        turnTimes: [
          { speaker: 0, start: 1.5, end: 6 },
          { speaker: 1, start: 6.2, end: 21.4 },
          { speaker: 0, start: 22, end: 27.25 },
        ],
      },
      calendarEventId: 'evt',
      calendarEventAttendees: [
        { email: 'carol@acme.test', name: 'Carol Diaz' },
        { email: 'dave@acme.test', name: null },
      ],
    })
    .where(eq(meetings.id, id));
  await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 2': 'Carol Diaz' } });
  await alice.post('/api/todos', {
    title: 'Ask for faster delivery',
    assignedTo: 'Carol Diaz',
    meetingId: id,
  });
});
afterAll(() => server?.close());

async function download(format: string, client: Client = alice) {
  const res = await fetch(`${server.url}/api/meetings/${id}/export?format=${format}`, {
    headers: { cookie: client.cookie },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** SRT or WebVTT cues: times (s) and text. */
function cues(text: string) {
  const seconds = (t: string) => {
    const [h, m, s] = t.replace(',', '.').split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return [...text.matchAll(/(\d\d:\d\d:\d\d[,.]\d{3}) --> (\d\d:\d\d:\d\d[,.]\d{3})\n(.+)/g)].map(
    (m) => ({ start: seconds(m[1]!), end: seconds(m[2]!), text: m[3]! }),
  );
}

describe('GET /api/meetings/:id/export', () => {
  it('Markdown: YAML front matter Obsidian reads, summary, task list and timed transcript', async () => {
    const { res, bytes } = await download('md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Pilot budget suppliers _ Q3.md"; filename*=UTF-8''${encodeURIComponent('Pilot budget suppliers — Q3.md')}`,
    );
    const text = bytes.toString('utf8');
    const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
    const front = parseYaml(yaml!);
    expect(front).toMatchObject({
      title: 'Pilot: budget / suppliers — Q3',
      duration_minutes: 2,
      attendees: ['Carol Diaz', 'dave@acme.test'],
      speakers: ['Speaker 1', 'Carol Diaz'],
      tags: ['supplier-choice'],
      source: `${server.env.publicUrl}/meeting/${id}`,
    });
    expect(new Date(front.date).toISOString()).toBe(front.date.toISOString?.() ?? front.date);
    expect(body).toContain('- **Carol Diaz** compared the suppliers.');
    expect(body).toContain('- [ ] Ask for faster delivery (Carol Diaz)');
    expect(body).toContain('**Carol Diaz** (0:06): We compared');
  });

  it('SRT and WebVTT: cues in time order within each turn, speaker names, at most 84 characters', async () => {
    const srt = (await download('srt')).bytes.toString('utf8');
    const srtCues = cues(srt);
    expect(srt.startsWith('1\n00:00:01,500 --> ')).toBe(true);
    expect(srtCues.length).toBeGreaterThan(3); // the long turn is split
    for (let i = 0; i < srtCues.length; i++) {
      expect(srtCues[i]!.end).toBeGreaterThan(srtCues[i]!.start);
      if (i > 0) expect(srtCues[i]!.start).toBeGreaterThanOrEqual(srtCues[i - 1]!.end - 0.001);
      expect(srtCues[i]!.text.replace(/^[^:]+: /, '').length).toBeLessThanOrEqual(84);
    }
    const carol = srtCues.filter((c) => c.text.startsWith('Carol Diaz: '));
    expect(carol.map((c) => c.text.slice(12)).join(' ')).toBe(LONG);
    expect(carol[0]!.start).toBeCloseTo(6.2, 3);
    expect(carol.at(-1)!.end).toBeLessThanOrEqual(21.4 + 0.001);

    const vtt = (await download('vtt')).bytes.toString('utf8');
    expect(vtt.startsWith('WEBVTT\n\n00:00:01.500 --> ')).toBe(true);
    expect(vtt).toContain('<v Carol Diaz>We compared');
    // Escaped as WebVTT requires.
    expect(vtt).toContain('&amp; ask for &lt;faster&gt; delivery.');
    expect(cues(vtt).map((c) => [c.start, c.end])).toEqual(srtCues.map((c) => [c.start, c.end]));
  });

  it('plain text and JSON', async () => {
    const txt = (await download('txt')).bytes.toString('utf8');
    expect(txt.split('\n')[0]).toBe('Pilot: budget / suppliers — Q3');
    expect(txt).toContain('[0:06] Carol Diaz: We compared');
    expect(txt).toContain('[0:22] Speaker 1: Then we go');
    const json = JSON.parse((await download('json')).bytes.toString('utf8'));
    expect(json).toMatchObject({
      format: 'summy.meeting',
      version: 1,
      id,
      title: 'Pilot: budget / suppliers — Q3',
    });
    expect(json.turns).toEqual([
      expect.objectContaining({ speaker: 'Speaker 1', start: 1.5, end: 6, exact: true }),
      expect.objectContaining({ speaker: 'Carol Diaz', start: 6.2, end: 21.4 }),
      expect.objectContaining({ speaker: 'Speaker 1', start: 22, end: 27.25 }),
    ]);
    expect(json.actionItems).toEqual([
      { title: 'Ask for faster delivery', owner: 'Carol Diaz', completed: false },
    ]);
  });

  it('DOCX: a Word document whose text holds the notes and the transcript', async () => {
    const { res, bytes } = await download('docx');
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    for (const expected of [
      'Pilot: budget / suppliers — Q3',
      'Carol Diaz',
      'compared the suppliers.',
      'Ask for faster delivery',
      'Then we go with the second supplier &amp; ask for &lt;faster&gt; delivery.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('PDF: text extracted by pdf.js holds the notes, the names and the transcript', async () => {
    const { res, bytes } = await download('pdf');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
    let text = '';
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      text += content.items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
    }
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Pilot: budget / suppliers — Q3');
    expect(flat).toContain('Carol Diaz');
    expect(flat).toContain('Ask for faster delivery');
    expect(flat).toContain('second one was better on every count');
  });

  it('answers 404 for another user, 400 for an unknown format', async () => {
    expect((await download('md', bob)).res.status).toBe(404);
    const bad = await download('exe');
    expect(bad.res.status).toBe(400);
  });
});
