/**
 * /api/models against a loopback mirror: signed-in users only, unknown ids 404, the states a model
 * goes through (absent, downloading, installed, failed with {error, details}), pause keeping the
 * part received, idempotent download, removal. The models are the tiny test models (real model
 * files cannot be downloaded here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelAnswerSchema, modelsListSchema, type ModelStatus } from '@summy/core';
import {
  startModelServer,
  writeTinyModels,
  type ModelServer,
  type TinyModels,
} from '@summy/fakes/models';
import { Client, signUp, startTestServer, type Answer } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

const RECOGNIZER = 'tiny-nemo-ctc-en';
const EMBEDDING = 'tiny-speaker-embedding';

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-model-routes-'));
let tiny: TinyModels;
let mirror: ModelServer;
let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  tiny = await writeTinyModels(path.join(root, 'tiny'));
  mirror = await startModelServer(tiny.archivesDir);
  server = await startTestServer({ MODELS_CATALOG: tiny.catalogFile, MODELS_BASE_URL: mirror.url });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
  await mirror?.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  mirror.setFaults({});
  mirror.requests.length = 0;
});

async function statusOf(id: string): Promise<ModelStatus> {
  const res = await alice.get('/api/models');
  expect(res.status).toBe(200);
  return modelsListSchema.parse(res.body).models.find((m) => m.id === id)!;
}

/** Polls GET /api/models as the web app does until the model leaves 'downloading'. */
async function settled(id: string): Promise<ModelStatus> {
  for (;;) {
    const status = await statusOf(id);
    if (status.state !== 'downloading') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function expectModel(res: Answer, status: number): ModelStatus {
  expect(res.status).toBe(status);
  return modelAnswerSchema.parse(res.body).model;
}

describe('/api/models', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/api/models')).status).toBe(401);
    expect((await anonymous.post(`/api/models/${RECOGNIZER}/download`)).status).toBe(401);
    expect((await anonymous.post(`/api/models/${RECOGNIZER}/cancel`)).status).toBe(401);
    expect((await anonymous.delete(`/api/models/${RECOGNIZER}`)).status).toBe(401);
    expect(mirror.requests).toEqual([]);
  });

  it('lists the catalog with states and the fallback provider', async () => {
    const res = await alice.get('/api/models');
    expect(res.status).toBe(200);
    const list = modelsListSchema.parse(res.body);
    expect(list.models.map((m) => m.id)).toEqual([RECOGNIZER, EMBEDDING]);
    expect(list.models[0]).toMatchObject({
      name: tiny.entries[0]!.name,
      kind: 'recognizer',
      languages: ['en'],
      sizeBytes: tiny.entries[0]!.sizeBytes,
      default: true,
      state: 'absent',
      receivedBytes: 0,
      totalBytes: tiny.entries[0]!.sizeBytes,
    });
    expect(list.models[0]!.error).toBeUndefined();
    // No cloud keys and no local recognizer: the next job would run on PocketSphinx.
    expect(list.transcription).toEqual({ provider: 'offline', fallbackOnly: true });
  });

  it('answers 404 Model not found for an unknown id', async () => {
    for (const res of [
      await alice.post('/api/models/no-such-model/download'),
      await alice.post('/api/models/no-such-model/cancel'),
      await alice.delete('/api/models/no-such-model'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'Model not found',
        details: "No model 'no-such-model' in the model catalog",
      });
    }
  });

  it('downloads and installs a model (202, then installed), once however often asked', async () => {
    mirror.setFaults({ chunkBytes: 1024, delayMsPerChunk: 2 });
    const first = expectModel(await alice.post(`/api/models/${RECOGNIZER}/download`), 202);
    expect(first.state).toBe('downloading');
    const again = expectModel(await alice.post(`/api/models/${RECOGNIZER}/download`), 202);
    expect(['downloading', 'installed']).toContain(again.state);
    const done = await settled(RECOGNIZER);
    expect(done).toMatchObject({ state: 'installed', receivedBytes: done.totalBytes });
    // An installed recognizer is what the next job uses: no restart needed.
    expect(modelsListSchema.parse((await alice.get('/api/models')).body).transcription).toEqual({
      provider: 'local',
      fallbackOnly: false,
    });
    expect(mirror.requests.filter((r) => r.path === `/${RECOGNIZER}.tar.bz2`)).toHaveLength(1);
    // Asking again for an installed model changes nothing and asks the mirror nothing.
    const installed = expectModel(await alice.post(`/api/models/${RECOGNIZER}/download`), 202);
    expect(installed.state).toBe('installed');
    expect(mirror.requests).toHaveLength(1);
  });

  it('removes an installed model (204), which is absent afterwards', async () => {
    if ((await statusOf(RECOGNIZER)).state !== 'installed') {
      await alice.post(`/api/models/${RECOGNIZER}/download`);
      await settled(RECOGNIZER);
    }
    const res = await alice.delete(`/api/models/${RECOGNIZER}`);
    expect(res.status).toBe(204);
    expect(await statusOf(RECOGNIZER)).toMatchObject({ state: 'absent', receivedBytes: 0 });
  });

  it('pauses a download, keeping the part received, and resumes it', async () => {
    mirror.setFaults({ chunkBytes: 1024, delayMsPerChunk: 20 });
    expectModel(await alice.post(`/api/models/${EMBEDDING}/download`), 202);
    // Wait until some bytes have arrived (polling, as the web app does).
    for (;;) {
      const s = await statusOf(EMBEDDING);
      if (s.state === 'downloading' && s.receivedBytes >= 2048) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const cancelled = expectModel(await alice.post(`/api/models/${EMBEDDING}/pause`), 200);
    expect(cancelled.state).toBe('absent');
    expect(cancelled.receivedBytes).toBeGreaterThanOrEqual(2048);
    expect(cancelled.receivedBytes).toBeLessThan(cancelled.totalBytes);

    mirror.setFaults({});
    expectModel(await alice.post(`/api/models/${EMBEDDING}/download`), 202);
    expect((await settled(EMBEDDING)).state).toBe('installed');
    expect(mirror.requests.at(-1)).toMatchObject({
      range: `bytes=${cancelled.receivedBytes}-`,
      status: 206,
    });
    expect((await alice.delete(`/api/models/${EMBEDDING}`)).status).toBe(204);
  });

  it('shows a failed download with {error, details}, and installs nothing', async () => {
    mirror.setFaults({ status: 404 });
    expectModel(await alice.post(`/api/models/${RECOGNIZER}/download`), 202);
    const failed = await settled(RECOGNIZER);
    expect(failed.state).toBe('failed');
    expect(failed.error).toEqual({
      error: 'Model download failed',
      details: `${mirror.url}/${RECOGNIZER}.tar.bz2 answered HTTP 404 Not Found.`,
    });
    // A new download clears the failure.
    mirror.setFaults({});
    expectModel(await alice.post(`/api/models/${RECOGNIZER}/download`), 202);
    const ok = await settled(RECOGNIZER);
    expect(ok.state).toBe('installed');
    expect(ok.error).toBeUndefined();
  });
});
