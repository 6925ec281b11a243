/**
 * The memory half of the pipeline bench: a bare PGlite server and Summy, each as a child process,
 * sampled while they take the same uploads.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build as esbuild } from 'esbuild';
import { freePort, type PostgresServer } from '@summy/db/testing';
import { signUp } from '../api/client.ts';
import { type Recording } from './audio.ts';
import { RssSampler, readRss, spawnNode } from './memory.ts';
import { uploadFile } from './upload.ts';
import { cleanups, log } from '../lib/cleanup.ts';
import type { Backend, MemoryResult, MemoryUpload } from './series.ts';
import { AUTH_SECRET, asUpload } from './series.ts';
import { MEMORY_UPLOADS, RSS_INTERVAL_MS, mb, sleep } from './series.ts';
import { memoryPeak } from './report.ts';

/**
 * Samples a child's RSS from its start-up through `MEMORY_UPLOADS` uploads of `file` to `url`.
 * @param prepare runs after the idle reading, before the uploads (sign-up); returns the headers
 */
export async function sampleUploads(
  pid: number,
  url: string,
  file: Recording,
  prepare: () => Promise<Record<string, string>>,
): Promise<Pick<MemoryResult, 'fileBytes' | 'idleBytes' | 'uploads'>> {
  const sampler = new RssSampler(pid, RSS_INTERVAL_MS);
  sampler.start();
  try {
    await sleep(2000);
    const idleBytes = sampler.sample();
    const headers = await prepare();
    const uploads: MemoryUpload[] = [];
    for (let i = 0; i < MEMORY_UPLOADS; i++) {
      // Let the previous step settle, so "before" is the resting RSS.
      await sleep(2000);
      const beforeBytes = sampler.sample();
      const t0 = performance.now();
      const answer = await uploadFile(url, asUpload(file), headers);
      const afterBytes = sampler.sample();
      if (answer.status !== 201)
        throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      const during = sampler.since(t0);
      uploads.push({
        beforeBytes,
        peakBytes: Math.max(...during),
        afterBytes,
        hwmBytes: readRss(pid).hwm,
        uploadMs: answer.ms,
        samples: during.length,
      });
    }
    return { fileBytes: file.bytes, idleBytes, uploads };
  } finally {
    sampler.stop();
  }
}

/** Baseline environment of the child processes: nothing of this shell's Summy settings. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR'];
  return {
    ...Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
    ...extra,
  };
}

// Both servers run as plain JavaScript, as `npm start` runs Summy (scripts/build-server.mjs):
// neither pays tsx's compile-on-load memory.
export async function buildServers(root: string): Promise<string> {
  await execFileAsync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });
  const bare = path.join(root, 'bare-server.mjs');
  await esbuild({
    entryPoints: [path.join(REPO_ROOT, 'bench/pipeline/bare-server.ts')],
    outfile: bare,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  return bare;
}

export async function memoryBare(
  root: string,
  file: Recording,
  bareServer: string,
): Promise<MemoryResult> {
  const dir = await mkdtemp(path.join(root, 'mem-bare-'));
  const child = await spawnNode([bareServer, dir], {
    cwd: REPO_ROOT,
    env: childEnv({}),
    ready: /listening (\S+)/,
  });
  cleanups.push(() => child.stop());
  const result = await sampleUploads(child.pid, child.ready[1]!, file, async () => ({}));
  await child.stop();
  const out = { server: 'bare node:http (reference)', database: '-', budgeted: false, ...result };
  log(`bare server: peak ${mb(memoryPeak(out).peak)} MB`);
  return out;
}

export async function memorySummy(
  backend: Backend,
  root: string,
  file: Recording,
  pgServer: PostgresServer | undefined,
): Promise<MemoryResult> {
  const dataDir = await mkdtemp(path.join(root, `mem-${backend}-`));
  const port = await freePort();
  // Nothing listens here: the job that follows the upload fails its transcription at once
  // instead of running PocketSphinx for an hour (the measurement ends at the 201 anyway).
  const closedPort = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const child = await spawnNode(['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      STT_PROVIDER: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${closedPort}`,
      ...(backend === 'postgres'
        ? { DATABASE_URL: await pgServer!.createDatabase('summy_bench_memory') }
        : {}),
    }),
    ready: /Summy is running at/,
    timeoutMs: 120_000,
  });
  cleanups.push(() => child.stop());
  const result = await sampleUploads(
    child.pid,
    `${publicUrl}/api/meetings/upload`,
    file,
    async () => {
      const me = await signUp(publicUrl, publicUrl, 'Bench Memory', 'memory@example.com');
      return { cookie: me.cookie, origin: publicUrl };
    },
  );
  await child.stop();
  const out = {
    server: 'Summy (apps/server/dist/main.js, as npm start runs it)',
    database: backend === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)',
    budgeted: true,
    ...result,
  };
  log(`summy ${backend}: idle ${mb(out.idleBytes)} MB, peak ${mb(memoryPeak(out).peak)} MB`);
  return out;
}

export const execFileAsync = promisify(execFile);

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
