/**
 * What a download leaves on disk: it stops at the catalog's size (a mirror that never stops
 * cannot fill the disk), a cancel or a failure deletes its partial file, a pause keeps it for a
 * resume, the server's start empties `.partial/` of everything else, and the disk-full details
 * name no server path. Real files and real HTTP on 127.0.0.1 (test/model-fixture.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from '@summy/fakes/loopback-http';
import { ModelDiskFullError, ModelTooLargeError } from './errors.ts';
import { realModelFileSystem } from './fetch-download.ts';
import {
  BIG_BYTES,
  expectNothingInstalled,
  fixedBytes,
  modelFixture,
  receivedAtLeast,
  RECOGNIZER,
} from '../../test/model-fixture.ts';

const fx = modelFixture();

function partialNames(modelsDir: string): string[] {
  const dir = path.join(modelsDir, '.partial');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** A mirror that streams bytes without end and without a length, counting what it sent. */
async function endlessMirror(announcedLength?: number) {
  const sent = { bytes: 0 };
  const chunk = fixedBytes(64 * 1024);
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      ...(announcedLength !== undefined ? { 'content-length': String(announcedLength) } : {}),
    });
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) sent.bytes += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  return { server, sent };
}

describe('model downloads on disk', () => {
  it('stops a mirror that never stops at the catalog size, and keeps nothing', async () => {
    const { server, sent } = await endlessMirror();
    try {
      const { env, manager } = await fx.setup({}, {}, server.url);
      const err = await manager.start('big-vad').done.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelTooLargeError);
      expect((err as ModelTooLargeError).message).toBe('Model download too large');
      expect((err as ModelTooLargeError).details).toContain(`catalog's ${BIG_BYTES} bytes`);
      // Stopped near the catalog's size, not hundreds of megabytes later.
      expect(sent.bytes).toBeLessThan(BIG_BYTES * 4);
      expectNothingInstalled(env, 'big-vad');
      expect(partialNames(env.modelsDir)).toEqual([]);
      const status = await manager.status('big-vad');
      expect(status).toMatchObject({ state: 'failed', receivedBytes: 0 });
      expect(status.error?.error).toBe('Model download too large');
    } finally {
      await server.close();
    }
  });

  it('refuses an answer whose Content-Length passes the catalog size before writing', async () => {
    const { server } = await endlessMirror(BIG_BYTES * 1000);
    try {
      const { env, manager } = await fx.setup({}, {}, server.url);
      const err = await manager.start('big-vad').done.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelTooLargeError);
      expect(partialNames(env.modelsDir)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('deletes the partial file on cancel, a paused one too', async () => {
    const { env, manager } = await fx.setup();
    fx.mirror.setFaults({ chunkBytes: 16 * 1024, delayMsPerChunk: 20 });
    const download = manager.start('big-vad');
    await receivedAtLeast(download, 64 * 1024);
    const cancelled = await manager.cancel('big-vad');
    await expect(download.done).rejects.toMatchObject({ message: 'Download cancelled' });
    expect(cancelled).toMatchObject({ state: 'absent', receivedBytes: 0 });
    expect(partialNames(env.modelsDir)).toEqual([]);

    // Paused, then cancelled: the kept part goes too, and the next download starts from 0.
    const again = manager.start('big-vad');
    await receivedAtLeast(again, 64 * 1024);
    const paused = await manager.pause('big-vad');
    expect(paused.receivedBytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(partialNames(env.modelsDir)).toEqual(['big-vad.download', 'big-vad.json']);
    expect((await manager.cancel('big-vad')).receivedBytes).toBe(0);
    expect(partialNames(env.modelsDir)).toEqual([]);
    fx.mirror.setFaults({});
    fx.mirror.requests.length = 0;
    await manager.start('big-vad').done;
    expect(fx.mirror.requests.map((r) => r.range)).toEqual([undefined]);
  });

  it('deletes a failed archive, and keeps a download the network broke for a resume', async () => {
    const entry = fx.tiny.entries.find((e) => e.id === RECOGNIZER)!;
    const { env, manager } = await fx.setup({
      [RECOGNIZER]: { files: { ...entry.files, tokens: `${RECOGNIZER}/missing-tokens.txt` } },
    });
    const err = await manager.start(RECOGNIZER).done.catch((e: unknown) => e);
    expect((err as Error).message).toBe('Model archive unusable');
    expect(partialNames(env.modelsDir)).toEqual([]);

    // The mirror cuts every connection from then on: the network's failure, the part kept.
    fx.mirror.setFaults({ cutAfterBytes: 100_000 });
    const broken = manager.start('big-vad');
    broken.onProgress((p) => {
      if (p.receivedBytes === 100_000) fx.mirror.setFaults({ cutAfterBytes: 0 });
    });
    const lost = await broken.done.catch((e: unknown) => e);
    expect(['Connection lost', 'Model host unreachable']).toContain((lost as Error).message);
    expect((await manager.status('big-vad')).receivedBytes).toBe(100_000);
    fx.mirror.setFaults({});
    fx.mirror.requests.length = 0;
    await manager.start('big-vad').done;
    expect(fx.mirror.requests[0]).toMatchObject({ range: 'bytes=100000-', status: 206 });
  });

  it('empties .partial at start of all but paused downloads', async () => {
    const { env, manager } = await fx.setup();
    const dir = path.join(env.modelsDir, '.partial');
    await mkdir(path.join(dir, `${RECOGNIZER}.staging-x1`), { recursive: true });
    await writeFile(path.join(dir, `${RECOGNIZER}.download`), 'a failed archive, no sidecar');
    await writeFile(path.join(dir, 'gone-model.download'), 'a model no longer in the catalog');
    await writeFile(path.join(dir, 'gone-model.json'), '{}');
    // A paused download: the file with its sidecar.
    fx.mirror.setFaults({ chunkBytes: 16 * 1024, delayMsPerChunk: 20 });
    const download = manager.start('big-vad');
    await receivedAtLeast(download, 32 * 1024);
    await manager.pause('big-vad');

    expect(await manager.cleanPartials()).toBe(4);
    expect(partialNames(env.modelsDir)).toEqual(['big-vad.download', 'big-vad.json']);
  });

  it('names no server path in the disk-full details', async () => {
    const { env, manager } = await fx.setup(
      {},
      { fs: { ...realModelFileSystem, freeBytes: async () => 10 } },
    );
    const err = await manager.start('big-vad').done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelDiskFullError);
    const details = String((err as ModelDiskFullError).details);
    expect(details).toContain('models folder (SUMMY_MODELS_DIR)');
    expect(details).not.toContain(env.modelsDir);
    expect(details).not.toMatch(/\/tmp\//);
    expect(new ModelDiskFullError().details).not.toMatch(/\//);
  });
});
