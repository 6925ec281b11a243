/**
 * `GET`/`PUT /api/settings/ai` through the public API: defaults without a settings row, the model
 * choices of this server with the reason an unconfigured one is unavailable, partial updates,
 * validation, and one user's preferences never reaching another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSettingsSchema, SUMMARY_TEMPLATE_IDS } from '@summy/core';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

const CLAUDE = `anthropic:${CLAUDE_SONNET_4}`;

beforeAll(async () => {
  // Anthropic configured (never called here), OpenAI not: the choices must say so.
  server = await startTestServer(
    { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
    { workers: false },
  );
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

describe('GET /api/settings/ai', () => {
  it('answers the defaults, the choices of this server with reasons, and the templates', async () => {
    const res = await alice.get('/api/settings/ai');
    expect(res.status).toBe(200);
    const body = aiSettingsSchema.parse(res.body);
    expect(body.preferences).toEqual({
      summaryModel: 'auto',
      chatModel: 'auto',
      summaryTemplate: 'general',
    });
    expect(body.models).toEqual([
      { value: 'auto', label: 'Auto', available: true },
      { value: CLAUDE, label: 'Claude Sonnet 4', available: true },
      {
        value: 'openai:gpt-5',
        label: 'GPT-5',
        available: false,
        reason: 'OPENAI_API_KEY is not set on this server',
      },
      {
        value: 'openai:gpt-5-mini',
        label: 'GPT-5 mini',
        available: false,
        reason: 'OPENAI_API_KEY is not set on this server',
      },
    ]);
    expect(body.templates.map((t) => [t.id, t.label])).toEqual([
      ['general', 'General'],
      ['one-on-one', 'One-on-one'],
      ['stand-up', 'Stand-up'],
      ['interview', 'Interview'],
      ['sales-call', 'Sales call'],
    ]);
    for (const t of body.templates) expect(t.description.length).toBeGreaterThan(10);
  });

  it('needs a session', async () => {
    const res = await fetch(`${server.url}/api/settings/ai`);
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/settings/ai', () => {
  it('stores what it is given and keeps the rest, for this user only', async () => {
    const first = await alice.put('/api/settings/ai', { summaryTemplate: 'stand-up' });
    expect(first.status).toBe(200);
    expect(first.body.preferences).toEqual({
      summaryModel: 'auto',
      chatModel: 'auto',
      summaryTemplate: 'stand-up',
    });
    const second = await alice.put('/api/settings/ai', { summaryModel: CLAUDE, chatModel: CLAUDE });
    expect(second.status).toBe(200);
    expect(second.body.preferences).toEqual({
      summaryModel: CLAUDE,
      chatModel: CLAUDE,
      summaryTemplate: 'stand-up',
    });
    expect(second.body.models).toHaveLength(4);
    expect((await alice.get('/api/settings/ai')).body.preferences).toEqual(second.body.preferences);
    expect(
      (await alice.put('/api/settings/ai', { summaryModel: 'auto' })).body.preferences,
    ).toEqual({ summaryModel: 'auto', chatModel: CLAUDE, summaryTemplate: 'stand-up' });
    // Bob never chose anything.
    expect((await bob.get('/api/settings/ai')).body.preferences).toEqual({
      summaryModel: 'auto',
      chatModel: 'auto',
      summaryTemplate: 'general',
    });
  });

  it('answers 400 for an unknown template or model, and for a model not configured here', async () => {
    const cases: [unknown, RegExp][] = [
      [{ summaryTemplate: 'retro' }, /summaryTemplate/],
      [{ summaryModel: 'gpt-5' }, /summaryModel/],
      [{ chatModel: 'anthropic:claude-unknown' }, /Unknown model 'anthropic:claude-unknown'/],
      [{ summaryModel: 'openai:gpt-5' }, /OPENAI_API_KEY is not set on this server/],
      [{ summaryTemplate: 'general', colour: 'blue' }, /colour|Unrecognized/],
    ];
    for (const [body, details] of cases) {
      const res = await bob.put('/api/settings/ai', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Invalid request');
      expect(JSON.stringify(res.body.details)).toMatch(details);
    }
    // Nothing was stored by the refused requests.
    expect((await bob.get('/api/settings/ai')).body.preferences.summaryModel).toBe('auto');
  });
});

describe('every template id is offered', () => {
  it('matches the ids in @summy/core', async () => {
    const res = await alice.get('/api/settings/ai');
    expect(res.body.templates.map((t: { id: string }) => t.id)).toEqual([...SUMMARY_TEMPLATE_IDS]);
  });
});
