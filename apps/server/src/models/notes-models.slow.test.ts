/**
 * Notes models (GGUF language and embedding models) through the model manager: the same
 * download, resume, SHA-256 check and hand-copied install as the speech models, a Hugging Face URL
 * served by a mirror under `huggingface.co/`, and which notes model the engine would load. The
 * downloads are tiny GGUF-named files (@summy/fakes `writeTinyNotesModels`) on a loopback mirror;
 * the manager never loads them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from '@summy/fakes/loopback-http';
import { ModelChecksumError } from './errors.ts';
import { installedNotesModel } from './installed.ts';
import { expectNothingInstalled, modelFixture } from '../../test/model-fixture.ts';

const fx = modelFixture({ notesModels: true });
const NOTES = 'tiny-notes';
const REVISION = 'd7f544eead698dbd1f15126ef60b45a1e1933222';

describe('notes models in the model manager', () => {
  it('downloads a GGUF file as it is, with the language-model figures in its status', async () => {
    const { env, manager } = await fx.setup();
    expect(installedNotesModel(env)).toBeUndefined();
    const installed = await manager.start(NOTES).done;
    const entry = fx.tiny.entries.find((e) => e.id === NOTES)!;
    expect(installed.paths.model).toBe(path.join(env.modelsDir, NOTES, `${NOTES}.gguf`));
    const bytes = await readFile(installed.paths.model!);
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('GGUF');
    expect(bytes.length).toBe(entry.sizeBytes);
    expect(installedNotesModel(env)?.entry.id).toBe(NOTES);
    const status = await manager.status(NOTES);
    expect(status).toMatchObject({
      kind: 'llm',
      family: 'gguf',
      state: 'installed',
      ramBytes: entry.ramBytes,
      contextTokens: 4096,
      licence: 'MIT',
    });
    expect(readdirSync(path.join(env.modelsDir, '.partial'))).toEqual([]);
  });

  it('fetches a Hugging Face URL from the mirror under huggingface.co/ and resumes a cut download', async () => {
    const hfPath = `huggingface.co/acme/notes-GGUF/resolve/${REVISION}/${NOTES}.gguf`;
    await mkdir(path.dirname(path.join(fx.tiny.archivesDir, hfPath)), { recursive: true });
    await copyFile(
      path.join(fx.tiny.archivesDir, `${NOTES}.gguf`),
      path.join(fx.tiny.archivesDir, hfPath),
    );
    const { env, manager } = await fx.setup({ [NOTES]: { url: `https://${hfPath}` } });
    fx.mirror.setFaults({ cutAfterBytes: 10_000 });
    await manager.start(NOTES).done;
    const asked = fx.mirror.requests.filter((r) => r.path === `/${hfPath}`);
    expect(asked.map((r) => r.range)).toEqual([undefined, 'bytes=10000-']);
    expect(installedNotesModel(env)?.entry.id).toBe(NOTES);
  });

  it('refuses a file whose SHA-256 is not the catalog one and installs nothing', async () => {
    const { env, manager } = await fx.setup({ [NOTES]: { sha256: '0'.repeat(64) } });
    const err = await manager.start(NOTES).done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelChecksumError);
    expectNothingInstalled(env, NOTES);
    expect(installedNotesModel(env)).toBeUndefined();
  });

  it('installs a hand-copied GGUF file named as on Hugging Face on an air-gapped server', async () => {
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const url = `https://huggingface.co/acme/notes-GGUF/resolve/${REVISION}/Notes-Q4_K_M.gguf`;
    const { env, manager } = await fx.setup(
      { [NOTES]: { url, files: { model: 'Notes-Q4_K_M.gguf' } } },
      {},
      gone.url,
    );
    await mkdir(env.modelsDir, { recursive: true });
    const copied = path.join(env.modelsDir, 'Notes-Q4_K_M.gguf');
    await copyFile(path.join(fx.tiny.archivesDir, `${NOTES}.gguf`), copied);
    const installed = await manager.start(NOTES).done;
    expect(existsSync(installed.paths.model!)).toBe(true);
    expect(existsSync(copied)).toBe(false);

    // The default notes model is preferred over another installed one.
    const embedding = path.join(env.modelsDir, 'tiny-text-embedding.download');
    await writeFile(
      embedding,
      await readFile(path.join(fx.tiny.archivesDir, 'tiny-text-embedding.gguf')),
    );
    await manager.start('tiny-text-embedding').done;
    expect(installedNotesModel(env)?.entry.id).toBe(NOTES);
  });
});
