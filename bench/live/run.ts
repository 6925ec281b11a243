/**
 * Live transcript benchmark: `npx tsx bench/live/run.ts` from the repository root (about 3.5
 * minutes, most of it real time). Options: `--backend pglite|postgres` (default pglite),
 * `--baseline-s 15` (the reader alone), `--json file` (every figure).
 *
 * Starts Summy as `npm start` runs it (bench/abuse/server.ts: the bundle, PGlite on disk or a
 * throwaway PostgreSQL), signs up three recording users and a reader, and builds three meetings
 * from the repository's real recordings (bench/live/recordings.ts: jfk, the AMI clip, five
 * LibriVox sentences, 2 s of silence between clips), cut into MediaRecorder-like 1 s WebM chunks.
 * Then, with the reader timing `GET /api/meetings` throughout:
 * 1. baseline: the reader alone;
 * 2. PocketSphinx: the three meetings record at once at real time (chunk N posted N+1 s after the
 *    start), live text on; Stop; the final pass;
 * 3. upload only: the same, with the users' live text off (the chunk path's own cost);
 * 4. test models: the tiny local recognizer of packages/fakes installed, the same as 2. Its words
 *    are random, so its WER means nothing: it shows the local engine's plumbing and cost.
 * It prints, per engine: the delay from each utterance's end to its text on the event stream
 * (p50, p95, and whether p95 < 3 s), the live and the final WER on the same audio, the live path's
 * CPU seconds per minute of audio (phase 2 or 4 minus phase 3, server process tree from /proc)
 * beside the final pass's, and the reader's p95 while three meetings are live, beside the baseline.
 * Exit code 0 when PocketSphinx's p95 delay is under 3 s, 1 when not, 2 on error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeTinyModels } from '@summy/fakes/models';
import { loadModelCatalog } from '../../apps/server/src/models/catalog.ts';
import { installDownload } from '../../apps/server/src/models/install.ts';
import { startBenchServer } from '../abuse/server.ts';
import { cleanups, log, runBench } from '../lib/cleanup.ts';
import { call, signUp, type BenchUser } from './client.ts';
import { runPhase, type PhaseResult } from './phase.ts';
import { buildRecording, loadClips, type BenchRecording } from './recordings.ts';
import { printReport } from './report.ts';
import { readLoop } from './session.ts';

/** The goal: p95 of the delay from an utterance's end to its live text (s), PocketSphinx. */
export const DELAY_GOAL_S = 3;

const AUTH_SECRET = 'bench-live-secret-bench-live-secret-0001';

/** The three meetings: clips in order (about 30 s each). */
const MEETINGS: [string, string[]][] = [
  ['m1', ['jfk', 'ami', 'reader-0870']],
  ['m2', ['reader-0880', 'reader-0890', 'reader-0920', 'jfk']],
  ['m3', ['ami', 'reader-0930', 'reader-0870', 'reader-0880']],
];

async function buildRecordings(dir: string): Promise<BenchRecording[]> {
  const clips = await loadClips();
  return Promise.all(
    MEETINGS.map(([name, names]) =>
      buildRecording(
        name,
        names.map((n) => clips[n]!),
        dir,
      ),
    ),
  );
}

/** Installs the tiny recognizers (only those: no notes model) the way bench/stt does. */
async function installTinyRecognizers(env: {
  modelsDir: string;
  modelsCatalogFile: string;
  archivesDir: string;
}): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of loadModelCatalog(env)) {
    if (entry.kind !== 'recognizer') continue;
    await installDownload(env, entry, path.join(env.archivesDir, entry.url), { keepFile: true });
    ids.push(entry.id);
  }
  return ids;
}

const setLive = (users: BenchUser[], on: boolean) =>
  Promise.all(users.map((u) => call(u, 'PUT', '/api/settings/recording', { liveTranscript: on })));

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'pglite' },
      'baseline-s': { type: 'string', default: '15' },
      json: { type: 'string' },
    },
  });
  const backend = values.backend === 'postgres' ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-live-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  log('building the recordings');
  const recordings = await buildRecordings(dir);
  const written = await writeTinyModels(path.join(dir, 'tiny-source'));
  const models = {
    modelsDir: path.join(dir, 'models'),
    modelsCatalogFile: written.catalogFile,
    archivesDir: written.archivesDir,
  };
  const server = await startBenchServer('live', backend, {
    AUTH_SECRET,
    TRUST_PROXY: 'true',
    LIVE_MAX_MEETINGS: '3',
    SUMMY_MODELS_DIR: models.modelsDir,
    MODELS_CATALOG: models.modelsCatalogFile,
  });
  const reader = await signUp(server.base, 'Reader', 'reader@example.com');
  const recorders = await Promise.all(
    [1, 2, 3].map((i) => signUp(server.base, `Recorder ${i}`, `recorder${i}@example.com`)),
  );
  for (let i = 0; i < 5; i++) await call(reader, 'POST', '/api/meetings', { title: `Note ${i}` });

  log(`baseline: the reader alone for ${values['baseline-s']} s`);
  const alone = readLoop(reader);
  await new Promise((r) => setTimeout(r, Number(values['baseline-s']) * 1000));
  const baselineMs = await alone.stop();

  const phases: PhaseResult[] = [];
  log('PocketSphinx: three live meetings at real time');
  phases.push(await runPhase('pocketsphinx', server.pid, recorders, reader, recordings));
  log('upload only: the same meetings, live text off');
  await setLive(recorders, false);
  phases.push(await runPhase('upload only', server.pid, recorders, reader, recordings));
  await setLive(recorders, true);
  log('test models: the tiny local recognizer installed');
  const tinyIds = await installTinyRecognizers(models);
  phases.push(await runPhase('test models', server.pid, recorders, reader, recordings));

  const figures = printReport({
    backend,
    loadBefore,
    loadAfter: os.loadavg(),
    baselineMs,
    phases,
    recordings,
    tinyIds,
    goalS: DELAY_GOAL_S,
  });
  if (values.json) await writeFile(values.json, JSON.stringify(figures, null, 2));
  return figures.goalMet;
}

await runBench(main);
