/**
 * `/metrics` on real servers: off by default (404 like an unknown route), a bearer token when
 * METRICS_TOKEN is set, loopback peers otherwise; the request histogram by route pattern, a
 * meeting job's duration and real-time factor, and text that parses as Prometheus's format.
 * (A non-loopback peer cannot connect here: metrics.unit.test.ts decides that case.)
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedTools } from './scripted-tools.ts';
import type { RunningServer } from '../src/server.ts';
import { signUp, startTestServer } from './harness.ts';
import { JFK_WAV, uploadProcessed } from './recordings.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{((?:[a-zA-Z_]\w*="(?:[^"\\\n]|\\.)*",?)*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\\n]|\\.)*)"/g;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Parses Prometheus's text exposition format strictly: every line is a HELP or TYPE comment or a
 * sample with a numeric value, and every sample belongs to a family with a TYPE line.
 */
function parseExposition(text: string): Sample[] {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][\w:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(TYPES, line).toContain(comment[3]);
        families.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const m = SAMPLE_LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const value = Number(m[3]!.replace(/^\+Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    // Go's ParseFloat, which Prometheus uses, takes NaN in any case (prom-client writes 'Nan').
    if (Number.isNaN(value) && !/^nan$/i.test(m[3]!)) throw new Error(`bad value: ${line}`);
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(LABEL)].map((l) => [l[1], l[2]]));
    const family = m[1]!.replace(/_(bucket|sum|count)$/, '');
    if (!families.has(m[1]!) && !families.has(family)) throw new Error(`no TYPE for ${line}`);
    samples.push({ name: m[1]!, labels: labels as Record<string, string>, value });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

async function scrape(server: RunningServer, token?: string) {
  const res = await fetch(`${server.url}/metrics`, {
    headers: token !== undefined ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function samplesOf(server: RunningServer, token?: string): Promise<Sample[]> {
  const res = await scrape(server, token);
  expect(res.status).toBe(200);
  return parseExposition(res.text);
}

describe('/metrics', () => {
  let off: RunningServer;
  let withToken: RunningServer;
  let loopbackOnly: RunningServer;
  beforeAll(async () => {
    [off, withToken, loopbackOnly] = await Promise.all([
      startTestServer(),
      startTestServer(
        { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN },
        { tools: async () => scriptedTools({ durationS: 11 }) },
      ),
      startTestServer({ METRICS_ENABLED: 'true' }),
    ]);
  });
  afterAll(() => Promise.all([off?.close(), withToken?.close(), loopbackOnly?.close()]));

  it('answers 404 like an unknown route when METRICS_ENABLED is off', async () => {
    const alice = await signUp(off, 'Alice');
    const unknown = await alice.get('/api/no-such-route');
    expect(unknown.status).toBe(404);
    for (const res of [await alice.get('/metrics'), await scrape(off)]) {
      expect(res.status).toBe(404);
      expect('body' in res ? res.body : JSON.parse(res.text)).toEqual(unknown.body);
    }
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const none = await scrape(withToken);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await scrape(withToken, 'metrics-token-for-the-tests-9999')).status).toBe(401);
    const ok = await scrape(withToken, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('serves a loopback scraper without a token, needing no session', async () => {
    const samples = await samplesOf(loopbackOnly);
    // Process defaults carry the prefix; this server's own gauges are there.
    expect(valueOf(samples, 'summy_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'summy_sse_connections')).toBe(true);
    expect(
      samples
        .filter((s) => s.name === 'summy_queue_jobs' && s.labels.queue === 'meeting.process')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['active', 'deferred', 'failed', 'ready']);
  });

  it('counts requests by route pattern, never by id, and leaves itself out', async () => {
    const alice = await signUp(loopbackOnly, 'Alice');
    const route = { method: 'GET', route: '/api/meetings/:id', status: '4xx' };
    const count = 'summy_http_request_duration_seconds_count';
    const before = valueOf(await samplesOf(loopbackOnly), count, route);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await alice.get(`/api/meetings/${id}`)).status).toBe(404);
    const samples = await samplesOf(loopbackOnly);
    expect(valueOf(samples, count, route) - before).toBe(3);
    const routes = samples.map((s) => s.labels.route ?? '');
    expect(routes.filter((r) => ids.some((id) => r.includes(id)))).toEqual([]);
    expect(routes).not.toContain('/metrics');
  });

  it("records a meeting job's duration and its transcription's real-time factor", async () => {
    const job = { queue: 'meeting.process', outcome: 'completed' };
    const rtf = { provider: 'offline', model: '' };
    const before = await samplesOf(withToken, TOKEN);
    const alice = await signUp(withToken, 'Alice');
    await uploadProcessed(alice, await readFile(JFK_WAV));
    // The job ends just after the meeting is saved: poll until its duration is recorded.
    let after = await samplesOf(withToken, TOKEN);
    for (let i = 0; i < 50; i++) {
      const done = valueOf(after, 'summy_job_duration_seconds_count', job);
      if (done > valueOf(before, 'summy_job_duration_seconds_count', job)) break;
      await new Promise((r) => setTimeout(r, 100));
      after = await samplesOf(withToken, TOKEN);
    }
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('summy_job_duration_seconds_count', job)).toBe(1);
    expect(delta('summy_job_duration_seconds_sum', job)).toBeGreaterThan(0);
    expect(delta('summy_transcription_real_time_factor_count', rtf)).toBe(1);
    // The scripted provider answers at once: far faster than the 11 s of audio.
    expect(delta('summy_transcription_real_time_factor_sum', rtf)).toBeLessThan(1);
    expect(delta('summy_transcription_audio_seconds_total', rtf)).toBe(11);
  });
});
