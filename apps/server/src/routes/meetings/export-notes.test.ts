/**
 * My notes travel with the meeting: its Markdown, DOCX, PDF and JSON exports carry them (read back
 * with the tools that open each format), a meeting without notes has none, and the account
 * export's `meeting.md` and `meeting.json` carry each meeting's notes.
 */
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteBlock } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let withNotes: string;
let without: string;

const BLOCKS: NoteBlock[] = [
  { id: 'h', phase: 'before', t: null, markdown: '# Pricing questions' },
  {
    id: 'l',
    phase: 'during',
    t: 42_000,
    markdown: '- Ask about the **volume discount**\n- [ ] Send the quote to Dora',
  },
];

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  const transcript = 'Speaker 1: The discount is ten percent above a thousand units.';
  withNotes = (
    await alice.post('/api/meetings', {
      title: 'Supplier call',
      transcript,
      summary: '## Decisions\n\n- Take the discount.',
    })
  ).body.id;
  without = (await alice.post('/api/meetings', { title: 'Plain call', transcript })).body.id;
  expect((await alice.put(`/api/meetings/${withNotes}/notes`, { blocks: BLOCKS })).status).toBe(
    200,
  );
});
afterAll(() => server?.close());

async function download(id: string, format: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/meetings/${id}/export?format=${format}`, {
    headers: { cookie: alice.cookie },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function docxText(bytes: Buffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('|');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let text = '';
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
  }
  return text.replace(/\s+/g, ' ');
}

describe('My notes in exports', () => {
  it("Markdown: a 'My notes' section after the summary, the notes' headings under it", async () => {
    const md = (await download(withNotes, 'md')).toString('utf8');
    expect(md).toContain(
      '## My notes\n\n### Pricing questions\n\n- Ask about the **volume discount**\n- [ ] Send the quote to Dora',
    );
    expect(md.indexOf('## Summary')).toBeLessThan(md.indexOf('## My notes'));
    expect((await download(without, 'md')).toString('utf8')).not.toContain('My notes');
  });

  it('JSON: notes with the blocks and the Markdown, or null', async () => {
    const json = JSON.parse((await download(withNotes, 'json')).toString('utf8'));
    expect(json.notes).toEqual({
      blocks: BLOCKS,
      markdown:
        '# Pricing questions\n\n- Ask about the **volume discount**\n- [ ] Send the quote to Dora',
    });
    expect(JSON.parse((await download(without, 'json')).toString('utf8')).notes).toBeNull();
  });

  it("DOCX: a 'My notes' heading and the notes' text", async () => {
    const text = await docxText(await download(withNotes, 'docx'));
    expect(text).toContain('My notes|Pricing questions|Ask about the |volume discount');
    expect(text).toContain('Send the quote to Dora');
    expect(await docxText(await download(without, 'docx'))).not.toContain('My notes');
  });

  it("PDF: a 'My notes' heading and the notes' text", async () => {
    const text = await pdfText(await download(withNotes, 'pdf'));
    expect(text).toContain('My notes');
    expect(text).toContain('Pricing questions');
    expect(text).toContain('volume discount');
    expect(text).toContain('Send the quote to Dora');
    expect(await pdfText(await download(without, 'pdf'))).not.toContain('My notes');
  });

  it("the account export carries each meeting's notes", async () => {
    const res = await fetch(`${server.url}/api/account/export`, {
      headers: { cookie: alice.cookie },
    });
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const file = (id: string, name: string) => {
      const found = Object.keys(zip.files).find(
        (n) => n.includes(id.slice(0, 8)) && n.endsWith(name),
      );
      return zip.file(found!)!.async('string');
    };
    expect(await file(withNotes, 'meeting.md')).toContain('## My notes\n\n### Pricing questions');
    expect(JSON.parse(await file(withNotes, 'meeting.json')).notes.blocks).toEqual(BLOCKS);
    expect(JSON.parse(await file(without, 'meeting.json')).notes).toBeNull();
  });
});
