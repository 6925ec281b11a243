/**
 * Crash leftovers: a server killed with SIGKILL in the middle of an upload and of an offline
 * transcription leaves no child process running (ffmpeg, PocketSphinx die with it:
 * `setpriv --pdeathsig KILL`), keeps its temporary audio under DATA_DIR (never /tmp), and the next start
 * removes what it left: the staged `.part` of the upload and the WAV parts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, postFile } from './recordings.ts';
import { createPostgresDatabase, signUp, testDbKind } from './harness.ts';
import { spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';

const procs: SummyProcess[] = [];
afterAll(async () => {
  for (const p of procs) await p.stop();
});

/** Processes whose command line mentions `text`: pid, parent pid and command line. */
function processesMentioning(text: string): { pid: number; ppid: number; cmd: string }[] {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (!cmd.includes(text)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(name), ppid, cmd });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Files below `dir`, relative to it ('' when absent). */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a server killed mid-upload and mid-transcription', () => {
  it(
    'leaves no child process and no temporary audio after restart',
    { timeout: 600_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-crash-'));
      const settings: Record<string, string> = {
        DATA_DIR: dataDir,
        AUTH_SECRET: 'crash-secret-crash-secret-crash-secret-0123',
        STT_PROVIDER: 'offline',
      };
      if (testDbKind === 'postgres') settings.DATABASE_URL = await createPostgresDatabase();
      const first = await spawnSummy(settings, { migrated: true });
      procs.push(first);
      await waitHealthy(first, 180_000);
      const alice = await signUp(first, 'Alice');

      // A minute of meeting audio: the offline provider runs PocketSphinx on WAV parts.
      const wav = readFileSync(path.join(AUDIO_DIR, 'ami_sdm_excerpts/ES2004c_1120-1180s.wav'));
      const res = await postFile(alice, '/api/meetings/upload', {
        bytes: wav,
        name: 'meeting.wav',
        type: 'audio/wav',
      });
      expect(res.status).toBe(201);

      // Meanwhile a second upload that stalls half-way: its bytes are staged as a .part file.
      const boundary = 'crashboundary';
      const upload = http.request(`${first.url}/api/meetings/upload`, {
        method: 'POST',
        headers: {
          cookie: alice.cookie,
          origin: alice.origin,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      upload.on('error', () => undefined);
      upload.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      upload.write(wav.subarray(0, 1024 * 1024));
      const staging = path.join(dataDir, 'storage', '.tmp');
      await until(
        'the staged upload',
        () => filesBelow(staging).find((f) => f.endsWith('.part')),
        60_000,
      );

      // Kill once PocketSphinx works on a part of the audio.
      const pid = first.child.pid!;
      const sphinx = await until(
        'pocketsphinx',
        () =>
          processesMentioning(dataDir).find(
            (p) => p.ppid === pid && p.cmd.includes('pocketsphinx_continuous'),
          ),
        180_000,
      );
      // Its input is under DATA_DIR/tmp, not the shared /tmp.
      expect(sphinx.cmd).toContain(path.join(dataDir, 'tmp') + path.sep);
      const scratch = readdirSync(path.join(dataDir, 'tmp'));
      expect(filesBelow(path.join(dataDir, 'tmp')).some((f) => f.endsWith('.wav'))).toBe(true);
      first.child.kill('SIGKILL');
      await first.exited;
      upload.destroy();

      // The children died with the server: nothing mentioning the data folder runs.
      await until(
        'children to die',
        () => processesMentioning(dataDir).length === 0 || undefined,
        5_000,
      );
      expect(filesBelow(staging).some((f) => f.endsWith('.part'))).toBe(true);

      const second = await spawnSummy({ ...settings, PORT: String(new URL(first.url).port) });
      procs.push(second);
      await waitHealthy(second, 180_000);
      // The first server's scratch folder and staged upload are gone (the second may have begun
      // its own folder: the interrupted job is retried).
      const ofFirst = (name: string) => name.split('.')[1] === String(pid);
      expect(scratch.filter(ofFirst)).toHaveLength(1);
      expect(readdirSync(path.join(dataDir, 'tmp')).filter(ofFirst)).toEqual([]);
      expect(readdirSync(staging).filter(ofFirst)).toEqual([]);
      await second.stop();
    },
  );
});
