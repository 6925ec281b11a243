/**
 * `npm run summy -- models list|pull|remove` as a child process against a loopback mirror (the
 * CLI's progress bar). Without a terminal the bar prints a line every half second (cli-progress
 * `noTTYOutput`), which is what this test reads. The mirror answers slowly (20 ms per KiB, so the
 * tiny recognizer of about 66 KB takes over a second) for the bar to show intermediate values. Real
 * model files cannot be downloaded here: the tiny test models stand in.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startModelServer,
  writeTinyModels,
  type ModelServer,
  type TinyModels,
} from '@summy/fakes/models';
import { formatBytes } from './models.ts';
import { ModelManager } from '../models/manager.ts';
import { ModelLockedError } from '../models/errors.ts';

const RECOGNIZER = 'tiny-nemo-ctc-en';
const cli = path.resolve(import.meta.dirname, 'summy.ts');
const root = mkdtempSync(path.join(os.tmpdir(), 'summy-models-cli-'));
const modelsDir = path.join(root, 'models');
let tiny: TinyModels;
let mirror: ModelServer;

beforeAll(async () => {
  tiny = await writeTinyModels(path.join(root, 'tiny'), { notesModels: true });
  mirror = await startModelServer(tiny.archivesDir);
});
afterAll(async () => {
  await mirror?.close();
  rmSync(root, { recursive: true, force: true });
});

async function summy(
  args: string[],
  baseUrl = mirror.url,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATA_DIR: path.join(root, 'data'),
    SUMMY_MODELS_DIR: modelsDir,
    MODELS_CATALOG: tiny.catalogFile,
    MODELS_BASE_URL: baseUrl,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cli, 'models', ...args],
      { env, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('summy models (CLI)', () => {
  it('lists, pulls with a progress bar, and removes', async () => {
    const size = formatBytes(tiny.entries[0]!.sizeBytes).replace('.', '\\.');
    const listed = await summy(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${RECOGNIZER} +absent +${size} +en +recognizer \\(default\\) +Tiny NeMo`, 'm'),
    );
    expect(listed.stdout).toContain(`Models folder: ${modelsDir}`);
    expect(listed.stdout).toMatch(/^tiny-notes +absent +[\d.]+ KB +en +llm \(default\)/m);

    mirror.setFaults({ chunkBytes: 1024, delayMsPerChunk: 20 });
    const pulled = await summy(['pull', RECOGNIZER]);
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain(
      `Installed ${RECOGNIZER} in ${path.join(modelsDir, RECOGNIZER)}`,
    );
    const bars = pulled.stderr
      .split('\n')
      .map((line) => new RegExp(`(\\d+)% \\| [\\d.]+ KB / ${size} \\| ${RECOGNIZER}`).exec(line))
      .filter((m) => m !== null)
      .map((m) => Number(m[1]));
    expect(bars[0]).toBe(0);
    expect(bars.at(-1)).toBe(100);
    expect(bars.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...bars].sort((a, b) => a - b)).toEqual(bars);
    expect(pulled.stderr).toMatch(/[█░]{10,}/);

    expect((await summy(['list'])).stdout).toMatch(new RegExp(`^${RECOGNIZER} +installed`, 'm'));
    expect((await summy(['pull', RECOGNIZER])).stdout).toContain('is already installed');

    const removed = await summy(['remove', RECOGNIZER]);
    expect(removed).toMatchObject({ code: 0, stdout: `Removed ${RECOGNIZER}\n` });
    expect(existsSync(path.join(modelsDir, RECOGNIZER))).toBe(false);
  });

  it('lists and pulls a notes model (one GGUF file) the same way', async () => {
    // Removal is the same code for every kind: the recognizer's case above covers it.
    const pulled = await summy(['pull', 'tiny-notes']);
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain(
      `Installed tiny-notes in ${path.join(modelsDir, 'tiny-notes')}`,
    );
    expect(existsSync(path.join(modelsDir, 'tiny-notes', 'tiny-notes.gguf'))).toBe(true);
    rmSync(path.join(modelsDir, 'tiny-notes'), { recursive: true });
  });

  it('two processes pulling one model at once download it once, and a third leaves it alone', async () => {
    mirror.setFaults({ chunkBytes: 1024, delayMsPerChunk: 20 });
    const before = mirror.requests.length;
    const first = summy(['pull', RECOGNIZER]);
    const second = summy(['pull', RECOGNIZER]);
    // A process starting meanwhile (a server's start, an API call) sees the download and keeps
    // its files; it may not cancel another process's download.
    const env = { modelsDir, modelsBaseUrl: mirror.url, modelsCatalogFile: tiny.catalogFile };
    const other = new ModelManager(env);
    await expect
      .poll(async () => (await other.status(RECOGNIZER)).state, { timeout: 20_000 })
      .toBe('downloading');
    await expect
      .poll(async () => (await other.status(RECOGNIZER)).receivedBytes, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await other.cleanPartials()).toBe(0);
    await expect(other.cancel(RECOGNIZER)).rejects.toBeInstanceOf(ModelLockedError);

    const results = await Promise.all([first, second]);
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        `Installed ${RECOGNIZER} in ${path.join(modelsDir, RECOGNIZER)}`,
      );
    }
    const archive = mirror.requests
      .slice(before)
      .filter((r) => r.path === `/${RECOGNIZER}.tar.bz2`);
    expect(archive.reduce((sum, r) => sum + r.sentBytes, 0)).toBe(tiny.entries[0]!.sizeBytes);
    expect((await other.status(RECOGNIZER)).state).toBe('installed');
    expect(readdirSync(path.join(modelsDir, '.partial'))).toEqual([]);
    expect(readdirSync(path.join(modelsDir, '.locks'))).toEqual([]);
    expect((await summy(['remove', RECOGNIZER])).code).toBe(0);
    mirror.setFaults({});
  });

  it('prints {error}: {details} and exits 1 on failures, 2 on usage', async () => {
    mirror.setFaults({ status: 404 });
    const failed = await summy(['pull', RECOGNIZER]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      `Model download failed: ${mirror.url}/${RECOGNIZER}.tar.bz2 answered HTTP 404 Not Found.`,
    );
    expect(existsSync(path.join(modelsDir, RECOGNIZER))).toBe(false);

    const unknown = await summy(['pull', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Model not found: No model 'nope' in the model catalog");

    const usage = await summy(['fetch']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('models pull <id>');
  });
});
