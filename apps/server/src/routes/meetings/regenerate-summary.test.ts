/**
 * AI preferences reaching the pipeline, and `POST /api/meetings/:id/summary` through the public
 * API. The text model is the real one of the catalog, speaking to fake Anthropic and OpenAI servers
 * (@summy/fakes/llm) that record which model was called and answer in the headings the prompt asked
 * for; speech to text is scripted so the transcript is known. Checked: the pipeline summarises with
 * the user's model and template and records both; a regeneration keeps the previous summary until
 * the new one is saved, leaves the action items alone, tells the browser, and on failure keeps the
 * old summary with the error; owner only; 409 without a transcript, while processing or while one
 * runs; 400 for an unusable model.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICES, type Meeting } from '@summy/core';
import {
  defaultFakeScript,
  startFakeAnthropic,
  startFakeOpenAi,
  type FakeLlmRequest,
  type FakeVendor,
} from '@summy/fakes/llm';
import { configuredTools } from '../../pipeline/resolve-tools.ts';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { openEventStream, type EventStream } from '../../../test/sse.ts';
import { JFK_WAV, uploadProcessed } from '../../../test/recordings.ts';

let anthropic: FakeVendor;
let openai: FakeVendor;
let server: RunningServer;
let alice: Client;
let bob: Client;
let jfk: Uint8Array;

const CLAUDE = `anthropic:${CLAUDE_SONNET_4}`;

/** The model and system prompt of every summary request a fake received, in order. */
function summaryCalls(fake: FakeVendor): { model: string; system: string }[] {
  return fake.requests
    .map(
      (r) => r.body as { model?: string; system?: unknown; instructions?: string; input?: unknown },
    )
    .map((b) => ({ model: b.model ?? '', system: JSON.stringify(b) }))
    .filter((c) => /summary of a meeting/.test(c.system));
}

/** Polls the meeting until `done` holds (the job runs in this server's worker). */
async function waitFor(id: string, done: (m: Meeting) => boolean): Promise<Meeting> {
  for (let i = 0; i < 600; i++) {
    const res = await alice.get(`/api/meetings/${id}`);
    if (res.status === 200 && done(res.body as Meeting)) return res.body as Meeting;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`meeting ${id} never reached the expected state`);
}

/** The first notice (toast) the stream received, waiting up to 5 s for one. */
function firstNotice(events: EventStream): Promise<unknown> {
  // The upload's own "Saved" notice can reach a stream opened just after the meeting read as
  // processed (it is sent after the meeting is saved): it is not the regeneration's.
  return events.notice(
    (data: { description?: string }) => data.description !== NOTICES.uploadSaved.description,
  );
}

/** Uploads JFK as Alice (transcript scripted) and waits for the pipeline. */
const processedMeeting = () => uploadProcessed(alice, jfk);

beforeAll(async () => {
  anthropic = await startFakeAnthropic({ models: [CLAUDE_SONNET_4] });
  openai = await startFakeOpenAi();
  const stt = scriptedTools().stt;
  server = await startTestServer(
    {
      ANTHROPIC_API_KEY: anthropic.apiKey,
      ANTHROPIC_BASE_URL: anthropic.url,
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
    },
    // The configured text model of each user's preferences; only speech to text is scripted.
    { tools: (job) => configuredTools(server.env, server.database.db, async () => stt)(job) },
  );
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  jfk = await readFile(JFK_WAV);
});
afterAll(async () => {
  await server?.close();
  await anthropic?.close();
  await openai?.close();
});
beforeEach(() => {
  anthropic.setScript(defaultFakeScript);
  anthropic.fail(undefined);
  openai.fail(undefined);
});

describe('the pipeline follows the AI preferences', () => {
  it('summarises with the chosen model and template and records both', async () => {
    const put = await alice.put('/api/settings/ai', {
      summaryModel: 'openai:gpt-5-mini',
      summaryTemplate: 'stand-up',
    });
    expect(put.status).toBe(200);
    const anthropicBefore = anthropic.requests.length;
    const openaiBefore = summaryCalls(openai).length;

    const meeting = await processedMeeting();
    const calls = summaryCalls(openai).slice(openaiBefore);
    expect(calls.map((c) => c.model)).toEqual(['gpt-5-mini']);
    expect(calls[0]!.system).toContain('## Blockers');
    expect(calls[0]!.system).not.toContain('## Key points');
    expect(anthropic.requests.length).toBe(anthropicBefore);
    expect(meeting.summary?.match(/^## .+$/gm)).toEqual([
      '## Yesterday',
      '## Today',
      '## Blockers',
    ]);
    expect(meeting.summary).toContain('written by gpt-5-mini');
    expect(meeting).toMatchObject({
      summaryModel: 'GPT-5 mini',
      summaryTemplate: 'stand-up',
      summaryRegenerating: false,
      summaryError: null,
    });
  });

  it("uses 'general' and auto (Claude Sonnet 4 first) for a user without preferences", async () => {
    const meeting = await uploadProcessed(await signUp(server, 'Carol'), jfk);
    expect(meeting.summary?.match(/^## .+$/gm)).toEqual([
      '## Overview',
      '## Key points',
      '## Decisions',
      '## Next steps',
    ]);
    expect(meeting).toMatchObject({ summaryModel: 'Claude Sonnet 4', summaryTemplate: 'general' });
  });
});

describe('POST /api/meetings/:id/summary', () => {
  it('keeps the previous summary until the new one is saved, and leaves the action items', async () => {
    await alice.put('/api/settings/ai', {
      summaryModel: 'openai:gpt-5',
      summaryTemplate: 'general',
    });
    const before = await processedMeeting();
    expect(before.actionItems.length).toBeGreaterThan(0);
    expect(before.turnTimes.length).toBeGreaterThan(0);

    // Claude answers only when the test says so: meanwhile the meeting is regenerating.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let seen: FakeLlmRequest | undefined;
    anthropic.setScript(async (req) => {
      if (/summary of a meeting/.test(req.system)) {
        seen = req;
        await released;
      }
      return defaultFakeScript(req);
    });
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const res = await alice.post(`/api/meetings/${before.id}/summary`, {
        template: 'sales-call',
        model: CLAUDE,
      });
      expect(res.status).toBe(202);
      expect(res.body.meeting).toMatchObject({
        id: before.id,
        summaryRegenerating: true,
        summary: before.summary,
        summaryModel: 'GPT-5',
        summaryTemplate: 'general',
      });

      // The job has called the model and waits for its answer: nothing changed yet.
      for (let i = 0; i < 300 && !seen; i++) await new Promise((r) => setTimeout(r, 50));
      expect(seen?.model).toBe(CLAUDE_SONNET_4);
      expect(seen?.system).toContain('## Pricing and terms');
      const during = (await alice.get(`/api/meetings/${before.id}`)).body as Meeting;
      expect(during).toMatchObject({ summaryRegenerating: true, summary: before.summary });
      expect(during.topics).toEqual(before.topics);
      // A second request while one runs is refused.
      const twice = await alice.post(`/api/meetings/${before.id}/summary`, {});
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('Summary is being regenerated');

      release();
      const after = await waitFor(before.id, (m) => !m.summaryRegenerating);
      expect(after.summary?.match(/^## .+$/gm)).toEqual([
        '## Customer needs',
        '## Objections',
        '## Pricing and terms',
        '## Next steps',
      ]);
      expect(after.summary).toContain(`written by ${CLAUDE_SONNET_4}`);
      expect(after).toMatchObject({
        summaryModel: 'Claude Sonnet 4',
        summaryTemplate: 'sales-call',
        summaryError: null,
        transcript: before.transcript,
        title: before.title,
      });
      // Action items untouched (same rows); the transcript's turn times kept in summary_data.
      expect(after.actionItems).toEqual(before.actionItems);
      expect(after.turnTimes).toEqual(before.turnTimes);

      expect(await firstNotice(events)).toMatchObject({
        meetingId: before.id,
        ...NOTICES.summaryRegenerated,
      });
      expect(
        events.events.some(
          (e) => e.table === 'meetings' && e.op === 'UPDATE' && e.id === before.id,
        ),
      ).toBe(true);
    } finally {
      release();
      events.close();
    }
  });

  it("uses the user's preferences when the body names neither", async () => {
    const meeting = await processedMeeting();
    await alice.put('/api/settings/ai', { summaryModel: CLAUDE, summaryTemplate: 'interview' });
    expect((await alice.post(`/api/meetings/${meeting.id}/summary`, {})).status).toBe(202);
    const after = await waitFor(meeting.id, (m) => !m.summaryRegenerating);
    expect(after.summary?.match(/^## .+$/gm)).toEqual([
      '## Candidate',
      '## Strengths',
      '## Concerns',
      '## Recommendation',
    ]);
    expect(after).toMatchObject({ summaryModel: 'Claude Sonnet 4', summaryTemplate: 'interview' });
  });

  it('keeps the old summary and records the error when the model fails', async () => {
    await alice.put('/api/settings/ai', {
      summaryModel: 'openai:gpt-5',
      summaryTemplate: 'general',
    });
    const before = await processedMeeting();
    // 401 is not retried by the client: the run fails at once.
    anthropic.fail('unauthorized');
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const res = await alice.post(`/api/meetings/${before.id}/summary`, {
        template: 'one-on-one',
        model: CLAUDE,
      });
      expect(res.status).toBe(202);
      const after = await waitFor(before.id, (m) => !m.summaryRegenerating);
      expect(after.summaryError).toMatch(/^Summary generation failed/);
      expect(after).toMatchObject({
        summary: before.summary,
        summaryModel: 'GPT-5',
        summaryTemplate: 'general',
        topics: before.topics,
        actionItems: before.actionItems,
      });
      expect(await firstNotice(events)).toMatchObject({
        meetingId: before.id,
        ...NOTICES.summaryRegenerationFailed,
      });
    } finally {
      events.close();
    }
    // The next success clears the error.
    anthropic.fail(undefined);
    expect((await alice.post(`/api/meetings/${before.id}/summary`, { model: CLAUDE })).status).toBe(
      202,
    );
    const fixed = await waitFor(before.id, (m) => !m.summaryRegenerating);
    expect(fixed).toMatchObject({ summaryError: null, summaryModel: 'Claude Sonnet 4' });
  });

  it("answers 404 for another user's meeting, 409 without a transcript, 400 for an unusable model", async () => {
    const meeting = await processedMeeting();
    const stranger = await bob.post(`/api/meetings/${meeting.id}/summary`, {});
    expect(stranger.status).toBe(404);
    expect((await alice.get(`/api/meetings/${meeting.id}`)).body.summaryRegenerating).toBe(false);

    const empty = await alice.post('/api/meetings', { title: 'Typed in' });
    const none = await alice.post(`/api/meetings/${empty.body.id}/summary`, {});
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('Meeting has no transcript');
    const busy = await alice.post('/api/meetings', {
      title: 'Processing',
      transcript: 'Speaker 1: We will ship it on Friday.',
      isProcessing: true,
    });
    expect((await alice.post(`/api/meetings/${busy.body.id}/summary`, {})).status).toBe(409);

    for (const body of [
      { model: 'openai-compatible:llama3.1:8b' },
      { model: 'gpt-5' },
      { template: 'retro' },
      { template: 'general', extra: true },
    ]) {
      const res = await alice.post(`/api/meetings/${meeting.id}/summary`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Invalid request');
    }
    expect((await alice.get(`/api/meetings/${meeting.id}`)).body.summaryRegenerating).toBe(false);
  });
});
