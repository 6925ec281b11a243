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
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import { freePort, startPostgresServer, type PostgresServer } from '@summy/db/testing';
import { loadEnv } from '../../apps/server/src/env.ts';
import type { ToolResolver } from '../../apps/server/src/pipeline/tools.ts';
import {
  scriptedTools,
  type Script,
} from '../../apps/server/src/pipeline/testing/scripted-tools.ts';
import type { PipelineTools } from '../../apps/server/src/pipeline/tools.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { getText, signUp } from '../api/client.ts';
import { summarize } from '../api/stats.ts';
import { buildRecordings, type Recording, type Recordings } from './audio.ts';
import { RssSampler, readRss, spawnNode } from './memory.ts';
import { ACTION_ITEMS, meetingScript, readSpokenWords } from './transcript.ts';
import { startBareUploadServer, uploadFile, type UploadFile } from './upload.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';

const execFileAsync = promisify(execFile);

/** Budget of the pipeline overhead for a 60-minute recording, milliseconds (median). */
export const PIPELINE_BUDGET_MS = 5000;
/** Budget of the server's peak RSS while receiving an upload, bytes (decimal MB). */
export const RSS_BUDGET_BYTES = 250e6;
/**
 * "Flat": how much the RSS may grow during the upload. A server that buffered the upload would
 * grow by at least the file's size (99.6 MB); a streaming one by its buffers only.
 */
export const RSS_GROWTH_BUDGET_BYTES = 50e6;
/** Polling interval of the meeting detail while the job runs, milliseconds. */
export const POLL_MS = 20;
/** Sampling interval of the RSS, milliseconds. */
export const RSS_INTERVAL_MS = 20;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

type Backend = 'pglite' | 'postgres';

/** Timestamps of one pipeline run (performance.now(), this process). */
interface Marks {
  picked?: number;
  sttStart?: number;
  sttEnd?: number;
  textStart?: number;
  itemsEnd?: number;
}

/** One timed upload-to-processed run. */
interface PipelineRun {
  totalMs: number;
  uploadMs: number;
  jobMs: number;
  /** 201 → the worker resolved the tools (pg-boss polls every second). */
  queueMs: number;
  /** Tools resolved → speech-to-text called: progress event, storage lookup. */
  toSttMs: number;
  /** Speech-to-text answered → first text-model call: transcript text, progress event. */
  transcriptMs: number;
  /** First text-model call → action items answered (scripted: the progress events between). */
  textMs: number;
  /** Action items answered → the poll sees the meeting processed: save transaction, poll lag. */
  saveMs: number;
  /** Characters of the stored transcript. */
  transcriptChars: number;
}

interface PipelineSeries {
  backend: Backend;
  file: Recording;
  words: number;
  runs: PipelineRun[];
}

interface ReferenceSeries {
  file: Recording;
  copyFileMs: number[];
  bareMs: number[];
  bareFsyncMs: number[];
}

/** One upload of the memory measurement; bytes of RSS. */
interface MemoryUpload {
  beforeBytes: number;
  peakBytes: number;
  /** RSS right after the 201. */
  afterBytes: number;
  /** VmHWM right after the 201: the peak since the process started. */
  hwmBytes: number;
  uploadMs: number;
  /** RSS samples taken during the upload. */
  samples: number;
}

interface MemoryResult {
  server: string;
  database: string;
  fileBytes: number;
  /** RSS two seconds after the server said it was ready, before any request. */
  idleBytes: number;
  /** Consecutive uploads of the same file (the first is the one a fresh server meets). */
  uploads: MemoryUpload[];
  /** Whether budgets apply (false for the bare reference). */
  budgeted: boolean;
}

/** Uploads of the same file per server in the memory measurement. */
export const MEMORY_UPLOADS = 2;

/** Wraps a cleanup so it runs once, whether called on the way or by runCleanups. */
function atMostOnce(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: readonly number[]) => summarize(xs).p50;
const min = (xs: readonly number[]) => summarize(xs).min;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const msText = (ms: number) => Math.round(ms).toString();

function asUpload(file: Recording): UploadFile {
  return { path: file.path, fileName: file.fileName, mimeType: file.mimeType };
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

/**
 * Samples a child's RSS from its start-up through `MEMORY_UPLOADS` uploads of `file` to `url`.
 * @param prepare runs after the idle reading, before the uploads (sign-up); returns the headers
 */
async function sampleUploads(
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

/** Peak RSS over all uploads, and its growth over the resting RSS before the first. */
function memoryPeak(m: MemoryResult): { peak: number; growth: number } {
  const peak = Math.max(...m.uploads.map((u) => u.peakBytes));
  return { peak, growth: peak - m.uploads[0]!.beforeBytes };
}

/** Baseline environment of the child processes: nothing of this shell's Summy settings. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR'];
  return {
    ...Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
    ...extra,
  };
}

// Both servers run as plain JavaScript, as `npm start` runs Summy (scripts/build-server.mjs):
// neither pays tsx's compile-on-load memory.
async function buildServers(root: string): Promise<string> {
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

async function memoryBare(
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

async function memorySummy(
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

function pad(cells: string[], widths: number[], textColumns: number): string {
  return `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
}

/** A Markdown table whose first `textColumns` columns are text (left), the rest figures (right). */
function table(head: string[], rows: string[][], textColumns = 2): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [
    pad(head, widths, textColumns),
    `|${widths.map((w, i) => (i < textColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map((r) => pad(r, widths, textColumns)),
  ];
}

const pipelinePass = (s: PipelineSeries) =>
  median(s.runs.map((r) => r.totalMs)) < PIPELINE_BUDGET_MS;
const memoryPass = (m: MemoryResult) => {
  const { peak, growth } = memoryPeak(m);
  return peak < RSS_BUDGET_BYTES && growth < RSS_GROWTH_BUDGET_BYTES;
};

function fileLine(f: Recording): string {
  return `${f.label}: ${f.fileName}, ${f.bytes} bytes (${mb(f.bytes)} MB), ${(f.durationS / 60).toFixed(1)} min`;
}

/** Renders the figures as Markdown tables (printed, and pasted into docs/performance.md). */
function renderReport(
  recordings: Recordings,
  refs: readonly ReferenceSeries[],
  pipeline: readonly PipelineSeries[],
  memory: readonly MemoryResult[],
  n: number,
): string {
  const out: string[] = [];
  const refOf = (f: Recording) => refs.find((r) => r.file === f)!;
  out.push(
    `Pipeline: upload start → GET /api/meetings/:id shows isProcessing false (poll ${POLL_MS} ms); n=${n} per row after 1 warm-up; medians unless "min", ms; bare HTTP and copyFile: the references below`,
  );
  out.push('');
  out.push(
    ...table(
      [
        'backend',
        'upload',
        'total min',
        'total median',
        'upload (→201)',
        'job (201→done)',
        'queue wait',
        'total − queue wait',
        'bare HTTP',
        'copyFile',
        'upload / bare',
        'total / bare',
        `budget <${PIPELINE_BUDGET_MS / 1000}s`,
      ],
      pipeline.map((s) => {
        const ref = refOf(s.file);
        const med = (f: (r: PipelineRun) => number) => median(s.runs.map(f));
        const total = med((r) => r.totalMs);
        const bare = median(ref.bareMs);
        return [
          s.backend,
          s.file.label,
          msText(min(s.runs.map((r) => r.totalMs))),
          msText(total),
          msText(med((r) => r.uploadMs)),
          msText(med((r) => r.jobMs)),
          msText(med((r) => r.queueMs)),
          msText(med((r) => r.totalMs - r.queueMs)),
          msText(bare),
          msText(median(ref.copyFileMs)),
          `${(med((r) => r.uploadMs) / bare).toFixed(1)}x`,
          `${(total / bare).toFixed(1)}x`,
          pipelinePass(s) ? 'PASS' : 'FAIL',
        ];
      }),
    ),
  );
  out.push('');
  out.push('Where the job time goes (medians, ms):');
  out.push('');
  out.push(
    ...table(
      [
        'backend',
        'upload',
        'upload request (→201)',
        'queue wait (201→job picked)',
        'picked→STT called',
        'STT answer→transcript built',
        'text-model steps',
        'save + seen by poll',
      ],
      pipeline.map((s) => {
        const med = (k: keyof PipelineRun) => msText(median(s.runs.map((r) => r[k])));
        return [
          s.backend,
          s.file.label,
          med('uploadMs'),
          med('queueMs'),
          med('toSttMs'),
          med('transcriptMs'),
          med('textMs'),
          med('saveMs'),
        ];
      }),
    ),
  );
  out.push('');
  out.push(`References (same files, same run; n=${n} after 1 warm-up; ms):`);
  out.push('');
  out.push(
    ...table(
      [
        'file',
        'bytes',
        'fs.copyFile median',
        'bare node:http → disk median',
        'bare node:http → disk + fsync median',
      ],
      refs.map((r) => [
        r.file.label,
        String(r.file.bytes),
        msText(median(r.copyFileMs)),
        msText(median(r.bareMs)),
        msText(median(r.bareFsyncMs)),
      ]),
      1,
    ),
  );
  out.push('');
  out.push(
    `Upload memory: VmRSS of the server process sampled every ${RSS_INTERVAL_MS} ms during ${MEMORY_UPLOADS} consecutive uploads of the ${mb(recordings.wav95.bytes)} MB WAV (MB = 10^6 bytes):`,
  );
  out.push('');
  out.push(
    ...table(
      [
        'server',
        'database',
        'upload',
        'RSS idle after start',
        'RSS before',
        'peak during',
        'growth over 1st before',
        'RSS at 201',
        'VmHWM since start',
        'upload ms',
        'samples',
      ],
      memory.flatMap((m) =>
        m.uploads.map((u, i) => [
          m.server,
          m.database,
          `#${i + 1}`,
          mb(m.idleBytes),
          mb(u.beforeBytes),
          mb(u.peakBytes),
          mb(u.peakBytes - m.uploads[0]!.beforeBytes),
          mb(u.afterBytes),
          mb(u.hwmBytes),
          msText(u.uploadMs),
          String(u.samples),
        ]),
      ),
      3,
    ),
  );
  out.push('');
  for (const s of pipeline) {
    out.push(
      `pipeline ${s.backend} ${s.file.label}: ${pipelinePass(s) ? 'PASS' : 'FAIL'} (median ${msText(median(s.runs.map((r) => r.totalMs)))} ms; budget < ${PIPELINE_BUDGET_MS} ms)`,
    );
  }
  for (const m of memory) {
    const { peak, growth } = memoryPeak(m);
    const verdict = (ok: boolean) => (m.budgeted ? (ok ? 'PASS' : 'FAIL') : 'reference');
    out.push(
      `memory ${m.server}, ${m.database}: ${m.budgeted ? (memoryPass(m) ? 'PASS' : 'FAIL') : 'reference'} (peak ${mb(peak)} MB: ${verdict(peak < RSS_BUDGET_BYTES)} against < ${mb(RSS_BUDGET_BYTES)} MB; growth ${mb(growth)} MB: ${verdict(growth < RSS_GROWTH_BUDGET_BYTES)} against < ${mb(RSS_GROWTH_BUDGET_BYTES)} MB, "flat")`,
    );
    const before = m.uploads[0]!.beforeBytes;
    if (m.budgeted && before >= RSS_BUDGET_BYTES) {
      out.push(
        `  note: the baseline alone (${mb(before)} MB before any upload byte; ${mb(m.idleBytes)} MB idle after start) exceeds the ${mb(RSS_BUDGET_BYTES)} MB budget: the budget cannot be met with ${m.database} whatever the upload does`,
      );
    }
  }
  return out.join('\n');
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
