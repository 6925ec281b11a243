/**
 * The tiny test models (./tiny-models.ts) are written deterministically, so their catalog's
 * SHA-256 is stable, and the archives hold what the catalog says.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTinyModels, type TinyModelOptions } from './tiny-models.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function fresh(options: TinyModelOptions = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'summy-tiny-'));
  dirs.push(dir);
  return writeTinyModels(dir, options);
}

describe('writeTinyModels', () => {
  it('writes the same bytes every time, with their real size and SHA-256 in the catalog', async () => {
    const [a, b] = [await fresh(), await fresh()];
    expect(a.entries).toEqual(b.entries);
    expect(a.entries.map((e) => [e.id, e.archive])).toEqual([
      ['tiny-nemo-ctc-en', 'tar.bz2'],
      ['tiny-speaker-embedding', 'none'],
    ]);
    expect(JSON.parse(await readFile(a.catalogFile, 'utf8'))).toEqual(a.entries);
    for (const e of a.entries) {
      const bytes = await readFile(path.join(a.archivesDir, e.url));
      expect(bytes.length).toBe(e.sizeBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(e.sha256);
    }
  });

  it('packs the recognizer as one top folder holding the files the catalog names', async () => {
    const { entries, archivesDir } = await fresh();
    const ctc = entries[0]!;
    const { stdout } = await promisify(execFile)('tar', ['-tjf', path.join(archivesDir, ctc.url)]);
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(
      ['tiny-nemo-ctc-en/', ctc.files.model, ctc.files.tokens].sort(),
    );
  });

  it('adds the segmentation model on request, packed like the sherpa-onnx release', async () => {
    const [a, b] = [await fresh({ segmentation: true }), await fresh({ segmentation: true })];
    const entry = a.entries.find((e) => e.kind === 'speaker-segmentation')!;
    expect(entry).toEqual(b.entries.find((e) => e.kind === 'speaker-segmentation'));
    expect(entry).toMatchObject({
      id: 'tiny-pyannote-segmentation',
      family: 'pyannote-segmentation',
      archive: 'tar.bz2',
      files: { model: 'tiny-pyannote-segmentation/model.onnx' },
    });
    const { stdout } = await promisify(execFile)('tar', [
      '-tjf',
      path.join(a.archivesDir, entry.url),
    ]);
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(
      ['tiny-pyannote-segmentation/', entry.files.model].sort(),
    );
  });
});
