/**
 * Export probe: does one user's DOCX or PDF export slow every other user's requests, and does the
 * server keep the memory it took? Runs against Summy as `npm start` runs it (the bundled
 * `apps/server/dist/main.js`, PGlite on disk unless `--backend postgres`). One user writes a
 * meeting with a 1.9 MB transcript (./transcripts.ts); another user's two clients ask, every
 * 50 ms whether or not the last one answered, for their meeting list (`GET /api/meetings`) and
 * for `GET /api/health`:
 *
 * 1. the first user's PDF exports of that meeting (`--exports 9`), each after a quiet window of
 *    4 s with no exports: the quiet windows together are the reference, and taking turns spreads
 *    a change in the machine's other load over both;
 * 2. DOCX exports of it, one after another (`--docx 3`);
 * 3. a burst: `--burst 6` PDF exports at once by the first user, whose answers are counted.
 *
 * Prints per phase the other user's p50 and p95 beside the reference measured in the same run,
 * and their ratio, and the server's RSS before the first export and once settled after the last.
 * Exit code 0 when the other user's p95 during the PDF exports stayed within
 * {@link P95_RATIO_BUDGET} times the reference, 1 when not, 2 on error.
 *
 * Run from the repository root: `npx tsx bench/abuse/exports.ts` (one to three minutes). Options:
 * `--backend pglite|postgres`, `--transcript-kb 1900`, `--exports 9`, `--docx 3`, `--burst 6`,
 * `--json file`. Only loopback addresses are contacted.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { log, runBench } from '../lib/cleanup.ts';
import { percentile } from '../api/stats.ts';
import { readRss } from '../pipeline/memory.ts';
import { MB, machineLine, pid, rssMb, settledRssMb, useServer } from './harness.ts';
import { call, openLoopClient, session, useBase, type Answer } from './probe.ts';
import { startShEnv } from '../memory/start.ts';
import { startBenchServer } from './server.ts';
import { fillerTranscript } from './transcripts.ts';

/** The bar: the other user's p95 during the PDF exports over the reference p95. */
export const P95_RATIO_BUDGET = 2;
/** How often each of the other user's clients asks, milliseconds. */
const EVERY_MS = 50;
/** Each quiet window of the reference, milliseconds: about one PDF export's time. */
const QUIET_WINDOW_MS = 4000;

/** One phase as the other user saw it. */
interface PhaseResult {
  phase: string;
  seconds: number;
  list: { n: number; p50: number; p95: number };
  health: { n: number; p50: number; p95: number };
  note: string;
}

/** The other user's answer times (ms) over one or more windows, and how long those lasted (s). */
interface Samples {
  list: number[];
  health: number[];
  seconds: number;
  notes: string[];
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** Runs `load` while the other user's clients ask; adds their answer times to `into`. */
async function measure(into: Samples, cookie: string, load: () => Promise<string>) {
  const list = openLoopClient('/api/meetings', EVERY_MS, cookie);
  const health = openLoopClient('/api/health', EVERY_MS);
  const t0 = performance.now();
  into.notes.push(await load());
  into.seconds += (performance.now() - t0) / 1000;
  into.list.push(...(await list.stop()));
  into.health.push(...(await health.stop()));
}

const empty = (): Samples => ({ list: [], health: [], seconds: 0, notes: [] });

/** The figures of a phase's windows, logged as it ends. */
function result(phase: string, samples: Samples, note: string): PhaseResult {
  const r = {
    phase,
    seconds: samples.seconds,
    list: stats(samples.list),
    health: stats(samples.health),
    note,
  };
  log(
    `${phase}: ${r.seconds.toFixed(1)} s, list p95 ${r.list.p95.toFixed(1)} ms, health p95 ${r.health.p95.toFixed(1)} ms; ${note}`,
  );
  return r;
}

const counted = (answers: Answer[]) =>
  Object.entries(
    answers.reduce<Record<number, number>>(
      (c, a) => ({ ...c, [a.status]: (c[a.status] ?? 0) + 1 }),
      {},
    ),
  )
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

/** `count` exports of `format` as `cookie`, one after another. */
async function exportsInTurn(cookie: string, id: string, format: string, count: number) {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    answers.push(await call('GET', `/api/meetings/${id}/export?format=${format}`, cookie));
  }
  return answers;
}

/** What exports answered, in a line: statuses, size, times. */
function described(answers: Answer[]): string {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return `${counted(answers)}; ${(answers[0]!.bytes / MB).toFixed(1)} MB each; ${Math.round(ms[0]!)}-${Math.round(ms.at(-1)!)} ms each`;
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'pglite' },
      'transcript-kb': { type: 'string', default: '1900' },
      exports: { type: 'string', default: '9' },
      docx: { type: 'string', default: '3' },
      burst: { type: 'string', default: '6' },
      json: { type: 'string' },
    },
  });
  const backend = values.backend === 'postgres' ? 'postgres' : 'pglite';
  // With scripts/start.sh's glibc settings, as `npm start` runs it: the RSS figures depend on them.
  const server = await startBenchServer('exports', backend, {
    ...startShEnv(),
    AUTH_SECRET: 'bench-exports-secret-bench-exports-secret-1',
  });
  useBase(server.base);
  useServer(server.base, server.pid);

  const heavy = await session('Heavy', 'heavy@example.com');
  const other = await session('Other', 'other@example.com');
  for (let i = 0; i < 5; i++) {
    await call('POST', '/api/meetings', other, {
      title: `Other ${i}`,
      transcript: fillerTranscript(3000, i),
    });
  }
  const kb = Number(values['transcript-kb']);
  const created = await call('POST', '/api/meetings', heavy, {
    title: 'Long meeting',
    transcript: fillerTranscript(kb * 1000, 7),
    summary: '## Decisions\n\n- **Ada** moves the launch plan.\n- The budget is approved.',
  });
  if (created.status !== 201) throw new Error(`meeting not created: ${created.status}`);
  const id = (created.json as { id: string }).id;
  // The write's background work (search index) and the start's settle before the reference.
  await new Promise((r) => setTimeout(r, 5000));
  const rssBefore = (await settledRssMb()).mb;

  // The reference and the PDF exports take turns (a quiet window, then one export), so a change
  // in the machine's other load during the run falls on both alike.
  const count = Number(values.exports);
  const quiet = empty();
  const pdfs = empty();
  const pdfAnswers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    log(`quiet window and PDF export ${i + 1} of ${count}`);
    await measure(quiet, other, async () => {
      await new Promise((r) => setTimeout(r, QUIET_WINDOW_MS));
      return 'no load';
    });
    await measure(pdfs, other, async () => {
      pdfAnswers.push(...(await exportsInTurn(heavy, id, 'pdf', 1)));
      return '';
    });
  }
  const results: PhaseResult[] = [
    result(`reference: ${count} quiet windows of ${QUIET_WINDOW_MS / 1000} s`, quiet, 'no load'),
    result(
      `${count} PDF exports of ${kb} KB, each after a quiet window`,
      pdfs,
      described(pdfAnswers),
    ),
  ];
  const docx = Number(values.docx);
  const docxs = empty();
  await measure(docxs, other, async () => described(await exportsInTurn(heavy, id, 'docx', docx)));
  results.push(result(`${docx} DOCX exports, one after another`, docxs, docxs.notes[0]!));
  const burst = Number(values.burst);
  const bursts = empty();
  await measure(bursts, other, async () => {
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        call('GET', `/api/meetings/${id}/export?format=pdf`, heavy),
      ),
    );
    const refused = answers.find((a) => a.status === 429);
    return `${counted(answers)}${refused ? `; Retry-After ${refused.headers.get('retry-after')} s` : ''}`;
  });
  results.push(result(`${burst} PDF exports at once`, bursts, bursts.notes[0]!));
  const peakMb = readRss(pid).hwm / MB;
  const lastMb = rssMb();
  // The export threads end after a quiet while: waited for before the settled reading.
  await new Promise((r) => setTimeout(r, 15_000));
  const settled = await settledRssMb();

  const [reference, pdf] = results as [PhaseResult, PhaseResult];
  console.log(machineLine());
  console.log(
    `Server: apps/server/dist/main.js ${server.flags.join(' ')} on ${backend}, ${Object.entries(
      startShEnv(),
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
  row([
    'phase',
    's',
    'list n',
    'list p50 ms',
    'list p95 ms',
    'list p95 / ref',
    'health p95 ms',
    'health p95 / ref',
    'answers',
  ]);
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
  for (const r of results) {
    row([
      r.phase,
      r.seconds.toFixed(1),
      String(r.list.n),
      r.list.p50.toFixed(1),
      r.list.p95.toFixed(1),
      `${(r.list.p95 / reference.list.p95).toFixed(2)}x`,
      r.health.p95.toFixed(1),
      `${(r.health.p95 / reference.health.p95).toFixed(2)}x`,
      r.note,
    ]);
  }
  console.log(
    `RSS: ${rssBefore.toFixed(0)} MB before the first export, peak ${peakMb.toFixed(0)} MB, ${lastMb.toFixed(0)} MB right after the last, ${settled.mb.toFixed(0)} MB settled (${((settled.afterMs + 15_000) / 1000).toFixed(0)} s later)`,
  );
  const ratio = pdf.list.p95 / reference.list.p95;
  const pass = ratio <= P95_RATIO_BUDGET;
  console.log(
    pass
      ? `PASS: the other user's list p95 during the PDF exports was ${ratio.toFixed(2)}x the reference`
      : `FAIL: the other user's list p95 during the PDF exports was ${ratio.toFixed(2)}x the reference (bar ${P95_RATIO_BUDGET}x)`,
  );
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        { backend, results, rss: { rssBefore, peakMb, lastMb, settled: settled.mb } },
        null,
        2,
      ),
    );
  }
  return pass;
}

await runBench(main);
