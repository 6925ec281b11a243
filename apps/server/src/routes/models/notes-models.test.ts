/**
 * GET /api/models with notes models in the catalog: the web app learns which entries are notes
 * models (kind, RAM, context, licence) and which notes model is installed (`notes.modelId`), and
 * downloads one through the same route as speech models. Tiny GGUF-named files on a loopback
 * mirror stand in for the real models.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsListSchema, type ModelsList } from '@summy/core';
import { startModelServer, writeTinyModels, type ModelServer } from '@summy/fakes/models';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-notes-routes-'));
let mirror: ModelServer;
let server: RunningServer;
let admin: Client;

beforeAll(async () => {
  const tiny = await writeTinyModels(path.join(root, 'tiny'), { notesModels: true });
  mirror = await startModelServer(tiny.archivesDir);
  server = await startTestServer({ MODELS_CATALOG: tiny.catalogFile, MODELS_BASE_URL: mirror.url });
  admin = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
  await mirror?.close();
  rmSync(root, { recursive: true, force: true });
});

async function list(): Promise<ModelsList> {
  const res = await admin.get('/api/models');
  expect(res.status).toBe(200);
  return modelsListSchema.parse(res.body);
}

describe('/api/models with notes models', () => {
  it('lists notes models with their figures and no notes model installed', async () => {
    const answer = await list();
    const notes = answer.models.filter((m) => m.kind === 'llm' || m.kind === 'text-embedding');
    expect(notes.map((m) => [m.id, m.kind, m.state, m.contextTokens, m.licence])).toEqual([
      ['tiny-notes', 'llm', 'absent', 4096, 'MIT'],
      ['tiny-text-embedding', 'text-embedding', 'absent', 4096, 'MIT'],
    ]);
    expect(notes.every((m) => (m.ramBytes ?? 0) > m.sizeBytes)).toBe(true);
    expect(answer.notes).toEqual({ modelId: null });
  });

  it('downloads a notes model and then names it as the one in use', async () => {
    expect((await admin.post('/api/models/tiny-notes/download')).status).toBe(202);
    for (;;) {
      const answer = await list();
      const state = answer.models.find((m) => m.id === 'tiny-notes')!.state;
      if (state !== 'downloading') {
        expect(state).toBe('installed');
        expect(answer.notes).toEqual({ modelId: 'tiny-notes' });
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await admin.delete('/api/models/tiny-notes')).status).toBe(204);
    expect((await list()).notes).toEqual({ modelId: null });
  });
});
