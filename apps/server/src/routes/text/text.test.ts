import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionItemSuggestionSchema, untitledMeetingTitle } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import { CONTRACT_TRANSCRIPT } from '../../../test/contracts/llm-contract.ts';
import {
  defaultFakeScript,
  FAKE_SUMMARY,
  startFakeAnthropic,
  type FakeVendor,
} from '@summy/fakes/llm';
import type { RunningServer } from '../../server.ts';

let fake: FakeVendor;
let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  fake = await startFakeAnthropic({ models: [CLAUDE_SONNET_4] });
  // Anthropic configured: 'auto' picks Claude Sonnet 4 (OpenAI is not configured on this server).
  server = await startTestServer({ ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.fail(undefined);
  fake.setScript(defaultFakeScript);
});

describe('POST /api/summary', () => {
  it("summarizes with the user's model (auto: Claude Sonnet 4) and answers {summary, topics}", async () => {
    const before = fake.requests.length;
    const res = await alice.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: 'Budget review',
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toBe(FAKE_SUMMARY.trim());
    expect(res.body.topics).toEqual([
      { topic: 'Budget', confidence: 0.9 },
      { topic: 'Launch timeline', confidence: 0.7 },
    ]);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['x-api-key']).toBe(fake.apiKey);
    expect(sent[0]!.body.model).toBe(CLAUDE_SONNET_4);
    // The default template's sections and the meeting title reach the model.
    expect(JSON.stringify(sent[0]!.body)).toContain('## Decisions');
    expect(JSON.stringify(sent[0]!.body)).toContain('Meeting title: Budget review');
  });

  it('with generateTitle answers the title cut to 50 characters, also as summary', async () => {
    const res = await alice.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: '',
      generateTitle: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Quarterly Budget Review and Mobile App Launch Time');
    expect(res.body.title.length).toBe(50);
    expect(res.body.summary).toBe(res.body.title);
  });

  it("offline, a transcript too poor to name a subject is titled 'Meeting' plus today's date", async () => {
    const res = await alice.post('/api/summary', {
      transcript:
        'Speaker 1: The quarterly revenue forecast for the northern region looks considerably better than expected.',
      generateTitle: true,
      provider: 'offline',
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(untitledMeetingTitle(new Date()));
  });

  it('uses the offline model when the request names it', async () => {
    const before = fake.requests.length;
    const res = await alice.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: 'Budget review',
      provider: 'offline',
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatch(/^## Overview/);
    expect(res.body.summary).toContain('## Action items');
    expect(fake.requests.length).toBe(before);
  });

  it("follows the user's ai_preferences.summaryModel from user_settings", async () => {
    const bob = await signUp(server, 'Bob');
    await server.database.query(
      `insert into user_settings (user_id, ai_preferences) values ($1, $2::jsonb)`,
      [
        bob.userId,
        JSON.stringify({ summaryModel: 'offline', chatModel: 'auto', summaryTemplate: 'general' }),
      ],
    );
    const before = fake.requests.length;
    const res = await bob.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatch(/^## Overview/);
    expect(fake.requests.length).toBe(before);
  });

  it('falls back to the preference when the requested provider is not configured', async () => {
    const before = fake.requests.length;
    const res = await alice.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: '',
      provider: 'openai',
      model: 'gpt-5',
    });
    expect(res.status).toBe(200);
    expect(fake.requests.length).toBe(before + 1);
  });

  it("answers the vendor's 429 as 429 with the documented words", async () => {
    fake.fail('rate_limited');
    const res = await alice.post('/api/summary', {
      transcript: CONTRACT_TRANSCRIPT,
      meetingTitle: '',
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: 'Summary generation failed',
      details: 'Too many requests. Please try again later.',
    });
  });

  it('answers an empty transcript with No summary returned', async () => {
    const res = await alice.post('/api/summary', { transcript: ' ', meetingTitle: '' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('No summary returned');
  });

  it('rejects a body without transcript, and a request without session', async () => {
    const bad = await alice.post('/api/summary', { meetingTitle: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid request');
    const anonymous = await fetch(`${server.url}/api/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transcript: 'x' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/action-items', () => {
  it('answers {actionItems} of valid suggestions', async () => {
    const res = await alice.post('/api/action-items', { transcript: CONTRACT_TRANSCRIPT });
    expect(res.status).toBe(200);
    expect(res.body.actionItems).toEqual([
      {
        title: 'Send the revised budget to finance',
        description: 'Due Friday.',
        assignedTo: 'Speaker 1',
        confidence: 0.9,
      },
    ]);
  });

  it('extracts offline by rule, with the speaker as owner', async () => {
    const res = await alice.post('/api/action-items', {
      transcript: CONTRACT_TRANSCRIPT,
      provider: 'offline',
    });
    expect(res.status).toBe(200);
    const items = res.body.actionItems.map((i: unknown) => actionItemSuggestionSchema.parse(i));
    expect(items).toContainEqual(
      expect.objectContaining({
        title: 'Send the revised budget to finance',
        assignedTo: 'Speaker 1',
      }),
    );
  });

  it('answers a rejected key with 401 and the documented message', async () => {
    fake.fail('unauthorized');
    const res = await alice.post('/api/action-items', { transcript: CONTRACT_TRANSCRIPT });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Action item extraction failed');
  });
});

describe('POST /api/enhance-speakers', () => {
  it('puts evident names in place of generic labels, same paragraphs', async () => {
    fake.setScript((req) =>
      req.system.includes('speaker')
        ? JSON.stringify({
            speakers: [
              { label: 'Speaker 1', name: 'Tom' },
              { label: 'Speaker 2', name: 'Maria' },
            ],
          })
        : defaultFakeScript(req),
    );
    const res = await alice.post('/api/enhance-speakers', { transcript: CONTRACT_TRANSCRIPT });
    expect(res.status).toBe(200);
    const expected = CONTRACT_TRANSCRIPT.replace(/^Speaker 1:/gm, 'Tom:').replace(
      /^Speaker 2:/gm,
      'Maria:',
    );
    expect(res.body.enhancedTranscript).toBe(expected);
  });

  it('keeps the transcript offline', async () => {
    const res = await alice.post('/api/enhance-speakers', {
      transcript: CONTRACT_TRANSCRIPT,
      model: 'offline:extractive',
    });
    expect(res.status).toBe(200);
    expect(res.body.enhancedTranscript).toBe(CONTRACT_TRANSCRIPT);
  });

  it("answers a vendor failure with 'Speaker enhancement failed'", async () => {
    fake.fail('too_long');
    const res = await alice.post('/api/enhance-speakers', { transcript: CONTRACT_TRANSCRIPT });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'Speaker enhancement failed',
      details: 'The AI provider answered HTTP 400',
    });
  });
});
