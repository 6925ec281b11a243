/**
 * Which engine wrote a meeting's notes, through the public API on PGlite: an upload on a server
 * with no cloud key is written by the offline generator ('offline'); with a cloud key (a fake
 * Anthropic and OpenAI, @summy/fakes/llm) by that model ('anthropic:claude-sonnet-4-20250514',
 * labelled from the catalog); 'Regenerate summary' with another model records the new one. Only
 * speech to text is scripted, so the transcript is known; the text models are the real ones.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@summy/core';
import { startFakeAnthropic, startFakeOpenAi, type FakeVendor } from '@summy/fakes/llm';
import { configuredTools } from '../../pipeline/resolve-tools.ts';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import { CLAUDE_SONNET_4 } from '../../providers/llm/catalog.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { JFK_WAV, uploadProcessed } from '../../../test/recordings.ts';

let anthropic: FakeVendor;
let openai: FakeVendor;
let offline: RunningServer;
let cloud: RunningServer;
let jfk: Uint8Array;

/** A server whose pipeline uses the configured text model; speech to text is scripted. */
async function serverWith(settings: Record<string, string>): Promise<RunningServer> {
  const stt = scriptedTools().stt;
  const server: RunningServer = await startTestServer(settings, {
    tools: (job) => configuredTools(server.env, server.database.db, async () => stt)(job),
  });
  return server;
}

/** Polls the meeting until `done` holds (the job runs in the server's worker). */
async function waitFor(client: Client, id: string, done: (m: Meeting) => boolean) {
  for (let i = 0; i < 600; i++) {
    const res = await client.get(`/api/meetings/${id}`);
    if (res.status === 200 && done(res.body as Meeting)) return res.body as Meeting;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`meeting ${id} never reached the expected state`);
}

beforeAll(async () => {
  anthropic = await startFakeAnthropic({ models: [CLAUDE_SONNET_4] });
  openai = await startFakeOpenAi();
  jfk = await readFile(JFK_WAV);
  offline = await serverWith({});
  cloud = await serverWith({
    ANTHROPIC_API_KEY: anthropic.apiKey,
    ANTHROPIC_BASE_URL: anthropic.url,
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.url,
  });
});
afterAll(async () => {
  await offline?.close();
  await cloud?.close();
  await anthropic?.close();
  await openai?.close();
});

describe("a meeting's notes engine", () => {
  it("is 'offline' for an upload on a server without a cloud key", async () => {
    const alice = await signUp(offline, 'Alice');
    const meeting = await uploadProcessed(alice, jfk);
    expect(meeting.summary?.trim()).toBeTruthy();
    expect(meeting.notesEngine).toEqual({ id: 'offline', label: 'Offline' });
    // The list and a fresh read agree with the pipeline's answer.
    const read = (await alice.get(`/api/meetings/${meeting.id}`)).body as Meeting;
    expect(read.notesEngine).toEqual({ id: 'offline', label: 'Offline' });
  });

  it("is the cloud model's id, and 'Regenerate summary' records the model it used", async () => {
    const bob = await signUp(cloud, 'Bob');
    const before = await uploadProcessed(bob, jfk);
    expect(before.notesEngine).toEqual({
      id: `anthropic:${CLAUDE_SONNET_4}`,
      label: 'Claude Sonnet 4',
    });

    const res = await bob.post(`/api/meetings/${before.id}/summary`, {
      model: 'openai:gpt-5-mini',
      template: 'general',
    });
    expect(res.status).toBe(202);
    // Until the new summary is saved, the engine is still the one of the summary shown.
    expect((res.body as { meeting: Meeting }).meeting.notesEngine?.id).toBe(
      `anthropic:${CLAUDE_SONNET_4}`,
    );
    const after = await waitFor(bob, before.id, (m) => !m.summaryRegenerating);
    expect(after.summaryError).toBeNull();
    expect(after.notesEngine).toEqual({ id: 'openai:gpt-5-mini', label: 'GPT-5 mini' });
  });

  it('is null for a meeting no engine wrote (created with its notes by a client)', async () => {
    const carol = await signUp(offline, 'Carol');
    const res = await carol.post('/api/meetings', {
      title: 'Typed notes',
      date: new Date().toISOString(),
      duration: 1,
      transcript: 'Speaker 1: We met.',
      summary: '## Overview\n\nTyped by hand after the meeting.',
    });
    expect(res.status).toBe(201);
    expect((res.body as Meeting).notesEngine).toBeNull();
  });
});
