/**
 * Pipeline benchmark: what Summy itself costs around a 60-minute recording, and how much memory
 * the server needs while an upload of almost 100 MB streams in.
 *
 * 1. Pipeline time (budget: under 5 s for a 60-minute recording). A real server (`startServer`,
 *    PGlite on disk and PostgreSQL) runs the meeting pipeline with scripted providers that answer
 *    at once with a realistic 60-minute transcription, so provider time is ~0 and what remains is
 *    Summy's overhead: receiving and storing the upload, creating the meeting, the job queue,
 *    building the transcript, saving the meeting and its action items, the events. Timed from the
 *    first byte of the upload until `GET /api/meetings/:id` (polled every 20 ms) answers
 *    `isProcessing: false`. References in the same run: `fs.copyFile` of the same file, and the
 *    same bytes POSTed to a bare `node:http` server that streams them to disk.
 * 2. Upload memory (budget: peak RSS under 250 MB and flat). `apps/server/src/main.ts` as a child
 *    process; its VmRSS is sampled every 20 ms while a 95 MiB WAV uploads. Reference: the same
 *    sampling of the bare server (also a child) receiving the same file.
 *
 * Run from the repository root: `npx tsx bench/pipeline/run.ts`
 * Options: `--n 5` timed runs per series, `--backends pglite,postgres`, `--json file`.
 * Exit code 0 when every budget passes, 1 when one fails, 2 on error. Everything it starts
 * (servers, PostgreSQL, temporary files) is stopped and removed, also on error or Ctrl-C.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startPostgresServer, type PostgresServer } from '@summy/db/testing';
import { loadEnv } from '../../apps/server/src/env.ts';
import type { ToolResolver } from '../../apps/server/src/pipeline/tools.ts';
import { scriptedTools, type Script } from '../../apps/server/test/scripted-tools.ts';
import type { PipelineTools } from '../../apps/server/src/pipeline/tools.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { getText, signUp } from '../api/client.ts';
import { buildRecordings, type Recording } from './audio.ts';
import { ACTION_ITEMS, meetingScript, readSpokenWords } from './transcript.ts';
import { startBareUploadServer, uploadFile } from './upload.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import type {
  Backend,
  Marks,
  MemoryResult,
  PipelineRun,
  PipelineSeries,
  ReferenceSeries,
} from './series.ts';
import { POLL_MS, median, msText, sleep } from './series.ts';
import { fileLine, memoryPass, pipelinePass, renderReport } from './report.ts';
import { buildServers, memoryBare, memorySummy } from './memory-runs.ts';
import { AUTH_SECRET, asUpload } from './series.ts';

/** Wraps a cleanup so it runs once, whether called on the way or by runCleanups. */
function atMostOnce(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** Wraps the providers to timestamp the pipeline's steps into the run's marks. */
function instrumented(tools: PipelineTools, marks: Marks): PipelineTools {
  const { stt, text } = tools;
  const firstText = () => (marks.textStart ??= performance.now());
  return {
    stt: {
      id: stt.id,
      async transcribe(input) {
        marks.sttStart = performance.now();
        const result = await stt.transcribe(input);
        marks.sttEnd = performance.now();
        return result;
      },
    },
    text: {
      id: text.id,
      enhanceSpeakers: (transcript, signal) => {
        firstText();
        return text.enhanceSpeakers(transcript, signal);
      },
      generateTitle: (transcript, signal) => {
        firstText();
        return text.generateTitle(transcript, signal);
      },
      summarize: (input, signal) => {
        firstText();
        return text.summarize(input, signal);
      },
      extractActionItems: (transcript, signal) => text.extractActionItems(transcript, signal),
    },
    async extractActionItems(model, transcript) {
      const items = await tools.extractActionItems(model, transcript);
      marks.itemsEnd = performance.now();
      return items;
    },
  };
}

/** fs.copyFile and the bare HTTP upload of each file, n times each (after one warm-up). */
async function measureReferences(
  root: string,
  files: readonly Recording[],
  n: number,
): Promise<ReferenceSeries[]> {
  const dir = await mkdtemp(path.join(root, 'ref-'));
  const bare = await startBareUploadServer(dir);
  cleanups.push(() => bare.close());
  const bareFsync = await startBareUploadServer(dir, { fsync: true });
  cleanups.push(() => bareFsync.close());
  const out: ReferenceSeries[] = [];
  for (const file of files) {
    const series: ReferenceSeries = { file, copyFileMs: [], bareMs: [], bareFsyncMs: [] };
    const copy = path.join(dir, `copy-${file.fileName}`);
    for (let i = -1; i < n; i++) {
      const t0 = performance.now();
      await copyFile(file.path, copy);
      if (i >= 0) series.copyFileMs.push(performance.now() - t0);
      await rm(copy);
    }
    // Alternating, so both variants meet the same machine conditions.
    for (let i = -1; i < n; i++) {
      for (const [server, into] of [
        [bare, series.bareMs],
        [bareFsync, series.bareFsyncMs],
      ] as const) {
        const answer = await uploadFile(server.url, asUpload(file));
        if (answer.status !== 201)
          throw new Error(`bare upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
        if (i >= 0) into.push(answer.ms);
      }
    }
    log(
      `reference ${file.label}: copyFile ${msText(median(series.copyFileMs))} ms, bare HTTP ${msText(median(series.bareMs))} ms, with fsync ${msText(median(series.bareFsyncMs))} ms`,
    );
    out.push(series);
  }
  return out;
}

/** Uploads files to an in-process Summy with scripted providers and times each to processed. */
async function measurePipeline(
  backend: Backend,
  root: string,
  files: readonly Recording[],
  spoken: readonly string[],
  n: number,
  pgServer: PostgresServer | undefined,
): Promise<PipelineSeries[]> {
  const dataDir = await mkdtemp(path.join(root, `pipeline-${backend}-`));
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_SECRET,
    ...(backend === 'postgres'
      ? { DATABASE_URL: await pgServer!.createDatabase('summy_bench_pipeline') }
      : {}),
  });
  const scripts = new Map<string, Script>(
    files.map((f) => [f.fileName, meetingScript(f.durationS, spoken)]),
  );
  const marksOf = new Map<string, Marks>();
  const marks = (meetingId: string) => {
    let m = marksOf.get(meetingId);
    if (!m) marksOf.set(meetingId, (m = {}));
    return m;
  };
  const tools: ToolResolver = async (job) => {
    const m = marks(job.meetingId);
    m.picked = performance.now();
    const script = scripts.get(job.fileName ?? '');
    if (!script) throw new Error(`no script for ${job.fileName}`);
    return instrumented(scriptedTools(script), m);
  };
  const t0 = performance.now();
  const server = await startServer(env, undefined, { tools });
  const closeServer = atMostOnce(() => server.close());
  cleanups.push(closeServer);
  log(`${backend}: server on ${server.url} after ${msText(performance.now() - t0)} ms`);
  const me = await signUp(server.url, env.publicUrl, 'Bench Pipeline', 'pipeline@example.com');
  const headers = { cookie: me.cookie, origin: env.publicUrl };

  const once = async (file: Recording): Promise<PipelineRun> => {
    const t0 = performance.now();
    const answer = await uploadFile(`${server.url}/api/meetings/upload`, asUpload(file), headers);
    const t1 = performance.now();
    if (answer.status !== 201)
      throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const { meetingId } = JSON.parse(answer.body) as { meetingId: string };
    let meeting: { isProcessing: boolean; title: string; transcript: string | null };
    let actionItems: unknown[];
    for (;;) {
      const body = JSON.parse(
        await getText(`${server.url}/api/meetings/${meetingId}`, me.cookie, true),
      ) as typeof meeting & { actionItems: unknown[] };
      meeting = body;
      actionItems = body.actionItems;
      if (!body.isProcessing) break;
      if (performance.now() - t1 > 120_000)
        throw new Error(`meeting ${meetingId} still processing after 120 s`);
      await sleep(POLL_MS);
    }
    const t2 = performance.now();
    const script = scripts.get(file.fileName)!;
    if (
      meeting.title !== script.title ||
      !meeting.transcript?.startsWith('Speaker 1: ') ||
      actionItems.length !== ACTION_ITEMS.length
    ) {
      throw new Error(
        `meeting ${meetingId} was not saved as scripted (title ${JSON.stringify(meeting.title)}, ${meeting.transcript?.length ?? 0} transcript characters, ${actionItems.length} action items)`,
      );
    }
    const m = marks(meetingId);
    if (!m.picked || !m.sttStart || !m.sttEnd || !m.textStart || !m.itemsEnd)
      throw new Error(`meeting ${meetingId}: pipeline steps not all seen`);
    return {
      totalMs: t2 - t0,
      uploadMs: t1 - t0,
      jobMs: t2 - t1,
      queueMs: m.picked - t1,
      toSttMs: m.sttStart - m.picked,
      transcriptMs: m.textStart - m.sttEnd,
      textMs: m.itemsEnd - m.textStart,
      saveMs: t2 - m.itemsEnd,
      transcriptChars: meeting.transcript.length,
    };
  };

  // One untimed run warms the code paths (JIT, first file in the storage folder).
  await once(files[0]!);
  const out: PipelineSeries[] = [];
  for (const file of files) {
    const runs: PipelineRun[] = [];
    for (let i = 0; i < n; i++) runs.push(await once(file));
    const script = scripts.get(file.fileName)!;
    const series: PipelineSeries = { backend, file, words: script.words!.length, runs };
    out.push(series);
    log(
      `${backend} ${file.label}: total median ${msText(median(runs.map((r) => r.totalMs)))} ms (upload ${msText(median(runs.map((r) => r.uploadMs)))}, job ${msText(median(runs.map((r) => r.jobMs)))})`,
    );
  }
  // Close this backend now, so the next one has the machine to itself.
  await closeServer();
  await rm(dataDir, { recursive: true, force: true });
  return out;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '5' },
      backends: { type: 'string', default: 'pglite,postgres' },
      json: { type: 'string' },
    },
  });
  const n = Number(values.n);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--n must be a positive whole number`);
  const backends = values.backends.split(',').map((b) => b.trim()) as Backend[];
  for (const b of backends)
    if (b !== 'pglite' && b !== 'postgres') throw new Error(`Unknown backend: ${b}`);

  const started = performance.now();
  const load = os.loadavg();
  const root = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-pipeline-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));

  log('building the recordings with ffmpeg');
  const recordings = await buildRecordings(await mkdtemp(path.join(root, 'audio-')));
  const buildMs = performance.now() - started;
  const spoken = readSpokenWords();
  const files = [recordings.mp360, recordings.wav95];

  const refs = await measureReferences(root, files, n);

  let pgServer: PostgresServer | undefined;
  if (backends.includes('postgres')) {
    const server = await startPostgresServer();
    pgServer = server;
    cleanups.push(async () => {
      // pg's pool.end() resolves before its sockets close; give them a moment.
      await sleep(200);
      await server.stop();
    });
  }

  const pipeline: PipelineSeries[] = [];
  for (const backend of backends) {
    pipeline.push(...(await measurePipeline(backend, root, files, spoken, n, pgServer)));
  }

  const bareServer = await buildServers(root);
  const memory: MemoryResult[] = [await memoryBare(root, recordings.wav95, bareServer)];
  for (const backend of backends) {
    memory.push(await memorySummy(backend, root, recordings.wav95, pgServer));
  }

  const cpus = os.cpus();
  console.log('Machine:');
  console.log(
    `  node ${process.version}, ${os.platform()} ${os.arch()}, os.cpus().length = ${cpus.length} (${cpus[0]?.model.trim() ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, load average at start ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('Recordings (built in this run, in os.tmpdir()):');
  console.log(
    `  one pass over the 8 real clips (each resampled to 16 kHz mono s16) is ${recordings.baseS.toFixed(2)} s; ${recordings.repetitions} passes cut at 3600 s; all built in ${(buildMs / 1000).toFixed(1)} s`,
  );
  for (const f of [recordings.wav60, recordings.mp360, recordings.wav95])
    console.log(`  ${fileLine(f)}`);
  const s0 = pipeline[0];
  if (s0) {
    console.log(
      `Scripted transcription: ${s0.words} words over ${s0.file.durationS.toFixed(0)} s, 4 speakers alternating every 30 s, 10 action items; stored transcript ${s0.runs[0]!.transcriptChars} characters`,
    );
  }
  console.log('');
  console.log(renderReport(recordings, refs, pipeline, memory, n));
  console.log('');
  console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        { node: process.version, cpus: cpus.length, n, recordings, refs, pipeline, memory },
        null,
        2,
      ),
    );
  }
  const pass = pipeline.every(pipelinePass) && memory.filter((m) => m.budgeted).every(memoryPass);
  return pass ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(2);
  });
