/**
 * The model manager against a loopback mirror (progress events, resume after a cut connection,
 * checksum mismatch rejected, cancel, disk full simulated, unreachable host, HTTP errors, removal,
 * hand-copied downloads). Real files, real HTTP on 127.0.0.1, real tar/bzip2; the full disk is
 * simulated through the manager's file-writing seam (no tmpfs here). The models are the tiny test
 * models (packages/fakes/src/models/tiny-models.ts) plus a 1 MB file of fixed pseudo-random bytes
 * for progress and resume; real model files cannot be downloaded here.
 */
import { createWriteStream, existsSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from '@summy/fakes/loopback-http';
import { modelCatalogSchema } from '@summy/core';
import { loadModelCatalog } from './catalog.ts';
import {
  ModelChecksumError,
  ModelDiskFullError,
  ModelDownloadCancelledError,
  ModelHostUnreachableError,
  ModelMirrorError,
  ModelNotFoundError,
} from './errors.ts';
import {
  realModelFileSystem,
  type DownloadProgress,
  type ModelFileSystem,
} from './fetch-download.ts';
import { INSTALLED_MARKER, installedModels } from './installed.ts';
import {
  BIG_BYTES,
  expectNothingInstalled,
  modelFixture,
  receivedAtLeast,
  RECOGNIZER,
} from '../../test/model-fixture.ts';

const fx = modelFixture();

describe('model manager', () => {
  it('downloads, checks and installs a tar.bz2 and a bare file, with the marker last', async () => {
    const { env, manager } = await fx.setup();
    const recognizer = await manager.start(RECOGNIZER).done;
    const embedding = await manager.start('tiny-speaker-embedding').done;
    for (const m of [recognizer, embedding]) {
      for (const p of Object.values(m.paths)) expect(existsSync(p)).toBe(true);
      const marker = JSON.parse(await readFile(path.join(m.dir, INSTALLED_MARKER), 'utf8'));
      expect(marker).toMatchObject({ id: m.entry.id, sha256: m.entry.sha256 });
    }
    // The archive's own top folder is kept: files paths are relative to the model folder.
    expect(recognizer.paths.model).toBe(
      path.join(env.modelsDir, RECOGNIZER, RECOGNIZER, 'model.onnx'),
    );
    expect(installedModels(env).map((m) => m.entry.id)).toEqual([
      RECOGNIZER,
      'tiny-speaker-embedding',
    ]);
    // Nothing left behind in .partial.
    expect(readdirSync(path.join(env.modelsDir, '.partial'))).toEqual([]);
    const statuses = await manager.listStatuses();
    expect(statuses.find((s) => s.id === RECOGNIZER)).toMatchObject({
      state: 'installed',
      default: true,
    });
    expect(statuses.find((s) => s.id === 'big-vad')).toMatchObject({
      state: 'absent',
      receivedBytes: 0,
    });
    // A second download of an installed model asks nothing of the fx.mirror.
    const asked = fx.mirror.requests.length;
    await manager.start(RECOGNIZER).done;
    expect(fx.mirror.requests.length).toBe(asked);
  });

  it('clears crash leftovers, and a folder without the marker is not installed', async () => {
    const { env, manager } = await fx.setup();
    // Left by a crash mid-extraction: removed by the next download of the model.
    const leftover = path.join(env.modelsDir, '.partial', 'tiny-speaker-embedding.staging-abc123');
    await mkdir(leftover, { recursive: true });
    const m = await manager.start('tiny-speaker-embedding').done;
    expect(existsSync(leftover)).toBe(false);
    rmSync(path.join(m.dir, INSTALLED_MARKER));
    expect(existsSync(m.paths.model!)).toBe(true);
    expect(installedModels(env)).toEqual([]);
    expect((await manager.status('tiny-speaker-embedding')).state).toBe('absent');
  });

  it('reports progress in bytes, rising to the total', async () => {
    const { manager } = await fx.setup();
    fx.mirror.setFaults({ chunkBytes: 64 * 1024 });
    const download = manager.start('big-vad');
    const seen: DownloadProgress[] = [];
    download.onProgress((p) => seen.push(p));
    await download.done;
    expect(seen.length).toBeGreaterThan(5);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.receivedBytes).toBeGreaterThanOrEqual(seen[i - 1]!.receivedBytes);
    }
    expect(seen.every((p) => p.totalBytes === BIG_BYTES)).toBe(true);
    expect(seen.at(-1)!.receivedBytes).toBe(BIG_BYTES);
    expect(seen.some((p) => p.receivedBytes > 0 && p.receivedBytes < BIG_BYTES)).toBe(true);
  });

  it('resumes after a cut connection with Range and If-Range, without downloading bytes twice', async () => {
    const { env, manager } = await fx.setup();
    fx.mirror.setFaults({ cutAfterBytes: 300_000 });
    const installed = await manager.start('big-vad').done;
    expect(existsSync(installed.paths.model!)).toBe(true);
    const asked = fx.mirror.requests.filter((r) => r.path === '/big-vad.onnx');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ range: undefined, status: 200, sentBytes: 300_000 });
    expect(asked[1]).toMatchObject({ range: 'bytes=300000-', status: 206, sentBytes: 700_000 });
    expect(asked[1]!.ifRange).toMatch(/^"[0-9a-f]+"$/);
    expect(asked.reduce((sum, r) => sum + r.sentBytes, 0)).toBe(BIG_BYTES);
    expect(installedModels(env).map((m) => m.entry.id)).toEqual(['big-vad']);
  });

  it('pauses, keeps the part received, and the next download resumes it', async () => {
    const { env, manager } = await fx.setup();
    fx.mirror.setFaults({ chunkBytes: 16 * 1024, delayMsPerChunk: 20 });
    const download = manager.start('big-vad');
    await receivedAtLeast(download, 64 * 1024);
    expect((await manager.status('big-vad')).state).toBe('downloading');
    const after = await manager.pause('big-vad');
    await expect(download.done).rejects.toMatchObject({ message: 'Download paused' });
    expect(after.state).toBe('absent');
    expect(after.receivedBytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(after.receivedBytes).toBeLessThan(BIG_BYTES);
    expectNothingInstalled(env, 'big-vad');

    fx.mirror.setFaults({});
    fx.mirror.requests.length = 0;
    await manager.start('big-vad').done;
    expect(fx.mirror.requests).toHaveLength(1);
    expect(fx.mirror.requests[0]).toMatchObject({
      range: `bytes=${after.receivedBytes}-`,
      status: 206,
      sentBytes: BIG_BYTES - after.receivedBytes,
    });
    expect((await manager.status('big-vad')).state).toBe('installed');
  });

  it('rejects a download whose SHA-256 is not the catalog’s, installs nothing and deletes it', async () => {
    const wrong = 'f'.repeat(64);
    const { env, manager } = await fx.setup({ [RECOGNIZER]: { sha256: wrong } });
    const err = await manager.start(RECOGNIZER).done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelChecksumError);
    expect((err as ModelChecksumError).details).toContain(wrong);
    expectNothingInstalled(env, RECOGNIZER);
    expect(readdirSync(path.join(env.modelsDir, '.partial'))).toEqual([]);
    const status = await manager.status(RECOGNIZER);
    expect(status).toMatchObject({ state: 'failed', receivedBytes: 0 });
    expect(status.error?.error).toBe('Checksum mismatch');
  });

  it('answers Disk full when a write fails with ENOSPC, and leaves nothing behind', async () => {
    // A disk with room for 200,000 bytes: the real file stream, whose writes fail past that
    // with ENOSPC as the kernel's would.
    const enospc = () =>
      Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    const fullDisk: ModelFileSystem = {
      freeBytes: async () => Number.MAX_SAFE_INTEGER,
      createWriteStream(file, flags) {
        const stream = createWriteStream(file, { flags });
        let written = 0;
        const room = (n: number) => (written += n) <= 200_000;
        const write = stream._write.bind(stream);
        const writev = stream._writev!.bind(stream);
        stream._write = (chunk: Buffer, enc, done) =>
          room(chunk.length) ? write(chunk, enc, done) : done(enospc());
        stream._writev = (chunks, done) =>
          room(chunks.reduce((n, c) => n + (c.chunk as Buffer).length, 0))
            ? writev(chunks, done)
            : done(enospc());
        return stream;
      },
    };
    const { env, manager } = await fx.setup({}, { fs: fullDisk });

    const err = await manager.start('big-vad').done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelDiskFullError);
    expect((err as ModelDiskFullError).message).toBe('Disk full');
    expectNothingInstalled(env, 'big-vad');
    // The partial file is given back to the disk.
    expect(readdirSync(path.join(env.modelsDir, '.partial'))).toEqual([]);
    expect((await manager.status('big-vad')).error).toMatchObject({ error: 'Disk full' });
  });

  it('answers Disk full before downloading when the free space is short', async () => {
    const { env, manager } = await fx.setup(
      {},
      { fs: { ...realModelFileSystem, freeBytes: async () => BIG_BYTES - 1 } },
    );
    const err = await manager.start('big-vad').done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelDiskFullError);
    // A bare file needs its own size (nothing to extract).
    expect((err as ModelDiskFullError).details).toContain('needs about 1 MB free');
    expect(fx.mirror.requests).toEqual([]);
    expectNothingInstalled(env, 'big-vad');
  });

  it('answers Model host unreachable for a host that refuses connections', async () => {
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const { env, manager } = await fx.setup({}, {}, gone.url);
    const err = await manager.start(RECOGNIZER).done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelHostUnreachableError);
    expect((err as ModelHostUnreachableError).details).toContain('ECONNREFUSED');
    expect((err as ModelHostUnreachableError).details).toContain(new URL(gone.url).host);
    expectNothingInstalled(env, RECOGNIZER);
  });

  it.each([404, 500])(
    'answers Model download failed for HTTP %i from the fx.mirror',
    async (status) => {
      const { env, manager } = await fx.setup();
      fx.mirror.setFaults({ status });
      const err = await manager.start(RECOGNIZER).done.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelMirrorError);
      expect((err as ModelMirrorError).details).toContain(`HTTP ${status}`);
      expectNothingInstalled(env, RECOGNIZER);
      expect((await manager.status(RECOGNIZER)).state).toBe('failed');
    },
  );

  it('rejects an archive that lacks a file the catalog lists, installing nothing', async () => {
    const entry = fx.tiny.entries.find((e) => e.id === RECOGNIZER)!;
    const { env, manager } = await fx.setup({
      [RECOGNIZER]: { files: { ...entry.files, tokens: `${RECOGNIZER}/missing-tokens.txt` } },
    });
    const err = await manager.start(RECOGNIZER).done.catch((e: unknown) => e);
    expect((err as Error).message).toBe('Model archive unusable');
    expect(String((err as { details: unknown }).details)).toContain('missing-tokens.txt');
    expectNothingInstalled(env, RECOGNIZER);
  });

  it('removes an installed model and a partial download', async () => {
    const { env, manager } = await fx.setup();
    await manager.start(RECOGNIZER).done;
    await manager.remove(RECOGNIZER);
    expectNothingInstalled(env, RECOGNIZER);
    expect((await manager.status(RECOGNIZER)).state).toBe('absent');

    // A paused download: its part is kept until the removal.
    fx.mirror.setFaults({ cutAfterBytes: 100_000 });
    const download = manager.start('big-vad');
    download.onProgress((p) => {
      if (p.receivedBytes === 100_000) void manager.pause('big-vad');
    });
    await expect(download.done).rejects.toBeInstanceOf(ModelDownloadCancelledError);
    expect((await manager.status('big-vad')).receivedBytes).toBe(100_000);
    await manager.remove('big-vad');
    expect((await manager.status('big-vad')).receivedBytes).toBe(0);
    await expect(manager.remove('no-such-model')).rejects.toBeInstanceOf(ModelNotFoundError);
  });

  it('installs a hand-copied download without network, after the same checksum', async () => {
    // No fx.mirror at all: an air-gapped server.
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const { env, manager } = await fx.setup({}, {}, gone.url);
    await mkdir(env.modelsDir, { recursive: true });
    const entry = fx.tiny.entries.find((e) => e.id === RECOGNIZER)!;
    const copied = path.join(env.modelsDir, entry.url);
    await copyFile(path.join(fx.tiny.archivesDir, entry.url), copied);
    const installed = await manager.start(RECOGNIZER).done;
    expect(existsSync(installed.paths.model!)).toBe(true);
    expect(existsSync(copied)).toBe(false);

    // A wrong file is refused, kept for the administrator, and nothing is installed.
    const wrong = path.join(env.modelsDir, 'tiny-speaker-embedding.download');
    await writeFile(wrong, 'not the model');
    const err = await manager.start('tiny-speaker-embedding').done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelChecksumError);
    // Named relative to the models folder: users see the details, never a server path.
    expect((err as ModelChecksumError).details).toContain('tiny-speaker-embedding.download in the');
    expect((err as ModelChecksumError).details).not.toContain(env.modelsDir);
    expect(existsSync(wrong)).toBe(true);
    expectNothingInstalled(env, 'tiny-speaker-embedding');
  });

  it('refuses unknown ids', async () => {
    const { manager } = await fx.setup();
    expect(() => manager.start('nope')).toThrow(ModelNotFoundError);
    await expect(manager.status('nope')).rejects.toBeInstanceOf(ModelNotFoundError);
  });
});

describe('loadModelCatalog', () => {
  it('is the built-in catalog without MODELS_CATALOG, and validates a replacement', async () => {
    const builtIn = loadModelCatalog({ modelsCatalogFile: undefined });
    expect(modelCatalogSchema.parse(builtIn)).toEqual(builtIn);
    // One default of each kind the engines need: an English recognizer, a speaker embedding, a
    // notes model and a text embedding.
    const defaults = builtIn.filter((e) => e.default);
    expect(defaults.map((e) => [e.kind, e.languages.includes('en')])).toEqual([
      ['recognizer', true],
      ['speaker-embedding', true],
      ['llm', true],
      ['text-embedding', true],
    ]);
    expect(loadModelCatalog({ modelsCatalogFile: fx.tiny.catalogFile }).map((e) => e.id)).toEqual(
      fx.tiny.entries.map((e) => e.id),
    );
    const bad = path.join(fx.root, 'bad-catalog.json');
    await writeFile(bad, JSON.stringify([{ ...fx.tiny.entries[0], files: { model: 'm.onnx' } }]));
    expect(() => loadModelCatalog({ modelsCatalogFile: bad })).toThrow(
      /MODELS_CATALOG .* at \[0\.files\.tokens\]: a nemo-ctc model needs files\.tokens/,
    );
    await writeFile(bad, '{');
    expect(() => loadModelCatalog({ modelsCatalogFile: bad })).toThrow(/not a readable JSON file/);
  });
});
