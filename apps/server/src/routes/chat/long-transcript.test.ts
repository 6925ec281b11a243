/**
 * Full-text indexing of very long transcripts (a 23 MB transcript made the next chat question
 * answer 500 'string is too long for tsvector' after 38 s and stalled /api/health for 39 s). A
 * 10-hour meeting built from the real QMSum transcripts, and an 8 MB transcript without speaker
 * labels (one turn), must each be indexed on the first question, answer 200 with citations of
 * bounded passages, and leave /api/health answering meanwhile.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chatAnswerSchema } from '@summy/core';
import { meetingPassages, meetings } from '@summy/db';
import { signUp, startTestServer, testDbKind, type Client } from '../../../test/harness.ts';
import { qmsumSpeechTurns } from '../../../test/qmsum.ts';
import type { RunningServer } from '../../server.ts';
import { MAX_PASSAGE_CHARS } from '../../services/assistant/meeting-passages.ts';

/** A 10-hour meeting: 150 words a minute, ≈ 585,000 characters (TEXT_LIMITS.transcript). */
const TEN_HOURS_CHARS = 585_000;
const EIGHT_MB = 8 * 1024 * 1024;

let server: RunningServer;
let alice: Client;
const turns = qmsumSpeechTurns();

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** Real turns, in order, repeated and joined by `separator` up to `chars` characters or more. */
function realText(
  chars: number,
  separator: string,
  render: (t: { speaker: string; text: string }) => string,
): string {
  const parts: string[] = [];
  let length = -separator.length;
  for (let i = 0; length < chars; i++) {
    const part = render(turns[i % turns.length]!);
    parts.push(part);
    length += part.length + separator.length;
  }
  return parts.join(separator);
}

/**
 * One request on a connection of its own (no keep-alive socket the server may be closing while
 * the test was busy writing 8 MB): status and parsed JSON body.
 */
function send(
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${route}`, {
      method,
      agent: false,
      headers: {
        cookie: alice.cookie,
        ...(body === undefined ? {} : { origin: alice.origin, 'content-type': 'application/json' }),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body: text.startsWith('{') ? JSON.parse(text) : text,
        });
      });
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Asks one question about the meeting while /api/health is polled back to back; answers the
 * chat's answer, its time, and each health probe's status and time (ms).
 */
async function askWhileProbingHealth(meetingId: string, question: string) {
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const started = performance.now();
  let done = false;
  // Settled into a value at once, so a failure is reported by the assertions, not as unhandled.
  const chat = send('POST', '/api/chat', {
    content: question,
    context: { type: 'meeting', meetingIds: [meetingId] },
  }).then(
    (answer) => ({ answer, error: undefined }),
    (error: unknown) => ({ answer: undefined, error }),
  );
  void chat.then(() => {
    done = true;
  });
  const probes: { status: number; ms: number }[] = [];
  while (!done) {
    const t = performance.now();
    const res = await send('GET', '/api/health');
    probes.push({ status: res.status, ms: performance.now() - t });
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 20));
  }
  const { answer, error } = await chat;
  if (!answer) throw error;
  const chatMs = performance.now() - started;
  return { answer, chatMs, probes, rssBefore, peakRss };
}

async function passagesOf(meetingId: string) {
  return server.database.db
    .select({
      position: meetingPassages.position,
      chars: sql<number>`length(${meetingPassages.content})::int`,
    })
    .from(meetingPassages)
    .where(eq(meetingPassages.meetingId, meetingId));
}

function expectHealthKeptAnswering(run: Awaited<ReturnType<typeof askWhileProbingHealth>>) {
  const slowest = Math.max(...run.probes.map((p) => p.ms));
  console.log(
    `[long transcript] ${testDbKind}: chat ${run.chatMs.toFixed(0)} ms, ${run.probes.length} health probes meanwhile, slowest ${slowest.toFixed(0)} ms; RSS ${(run.rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(run.peakRss / 2 ** 20).toFixed(0)} MB (+${((run.peakRss - run.rssBefore) / 2 ** 20).toFixed(0)} MB)`,
  );
  expect(run.probes.every((p) => p.status === 200)).toBe(true);
  // Not a timing benchmark: a blocked event loop shows as one probe lasting the whole indexing
  // (a 39 s stall was once reported). 1 s on an idle machine; on a loaded one, half the question's time.
  // On PGlite health waits for the statement holding its one connection (on PGlite's own thread,
  // decision 041): the longest on the 1.5 MB turn of distinct words was 0.6 to 1.9 s at load
  // averages 4 to 8 (a quarter of the question's time failed there).
  expect(slowest).toBeLessThan(Math.max(1000, run.chatMs / 2));
}

describe('indexing long transcripts', () => {
  it('answers about a 10-hour meeting of real turns, the event loop free meanwhile', async () => {
    const transcript = realText(TEN_HOURS_CHARS, '\n\n', (t) => `${t.speaker}: ${t.text}`);
    expect(transcript.length).toBeGreaterThanOrEqual(TEN_HOURS_CHARS);
    const created = await alice.post('/api/meetings', { title: 'Ten hours', transcript });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const id = created.body.id as string;

    const run = await askWhileProbingHealth(
      id,
      'What did they say about the remote control battery?',
    );
    expect(run.answer.status, JSON.stringify(run.answer.body).slice(0, 300)).toBe(200);
    const answer = chatAnswerSchema.parse(run.answer.body);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.meetingId === id)).toBe(true);
    expectHealthKeptAnswering(run);
    const passages = await passagesOf(id);
    expect(passages.length).toBeGreaterThan(1000);
  });

  it("indexes a turn of 1.5 MB of distinct words, over one tsvector's 1 MB, through the API", async () => {
    // The shape of a reported 23 MB paste: as one passage, 'string is too long for tsvector
    // (2244446 bytes, max 1048575 bytes)' and a 500 for the question.
    const tokens: string[] = [];
    for (let i = 0, n = 0; n < 1_500_000; i++) {
      const token = `k${(i * 7919).toString(36)}`;
      tokens.push(token);
      n += token.length + 1;
    }
    const created = await alice.post('/api/meetings', {
      title: 'Pasted codes',
      transcript: `Speaker 1: ${tokens.join(' ')}`,
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const id = created.body.id as string;
    const wanted = tokens[123_456]!;
    const run = await askWhileProbingHealth(id, `Where is ${wanted}?`);
    expect(run.answer.status, JSON.stringify(run.answer.body).slice(0, 300)).toBe(200);
    const answer = chatAnswerSchema.parse(run.answer.body);
    // The quote is the start of the one passage that holds the word (quotes are cut at 500).
    const [holder] = await server.database.query<{ content: string }>(
      `select content from meeting_passages where meeting_id = $1 and content ~ $2`,
      [id, `\\m${wanted}\\M`],
    );
    expect(holder!.content.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
    expect(holder!.content.startsWith(answer.citations[0]!.text.replace(/…$/, ''))).toBe(true);
    expectHealthKeptAnswering(run);
    // 2.5-6.5 s idle, 11-16 s beside the rest of the suite, 30 s with six Vitest workers.
  }, 120_000);

  it('answers about an 8 MB transcript with no speaker labels (one turn), in bounded passages', async () => {
    // Written by the pipeline, the CLI or an older version: the API's own transcript limit is
    // lower, the index must hold whatever the column contains.
    const created = await alice.post('/api/meetings', { title: 'One long turn' });
    const id = created.body.id as string;
    const words = realText(EIGHT_MB, ' ', (t) => t.text);
    expect(words.length).toBeGreaterThanOrEqual(EIGHT_MB);
    expect(words).not.toMatch(/\n\s*\n/);
    await server.database.db
      .update(meetings)
      .set({ transcript: words, updatedAt: sql`now()` })
      .where(eq(meetings.id, id));

    const run = await askWhileProbingHealth(
      id,
      'What did they decide about the battery and the buttons?',
    );
    expect(run.answer.status, JSON.stringify(run.answer.body).slice(0, 300)).toBe(200);
    const answer = chatAnswerSchema.parse(run.answer.body);
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const c of answer.citations) {
      // Every piece cites the one turn the meeting view shows.
      expect(c).toMatchObject({ meetingId: id, section: 'transcript', turnIndex: 0 });
    }
    expectHealthKeptAnswering(run);

    const passages = await passagesOf(id);
    expect(passages.length).toBeGreaterThanOrEqual(Math.ceil(words.length / MAX_PASSAGE_CHARS));
    expect(passages.every((p) => p.position === 0 && p.chars <= MAX_PASSAGE_CHARS)).toBe(true);
    // Indexed once: a second question reads the index as it is.
    const again = await send('POST', '/api/chat', {
      content: 'And the buttons?',
      context: { type: 'meeting', meetingIds: [id] },
    });
    expect(again.status).toBe(200);
    expect((await passagesOf(id)).length).toBe(passages.length);
    // Indexing 8 MB took 9-11 s on an idle machine and 19-27 s beside the rest of the suite on two
    // cores, near the default 30 s; the bound that matters here is the health probes'.
  }, 120_000);
});
