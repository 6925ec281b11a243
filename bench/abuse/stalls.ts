/**
 * Stall probe: can one user's heavy work slow every other user's requests? Replays two loads
 * against a running Summy, as `npm start` runs it (the bundled `apps/server/dist/main.js`, PGlite
 * on disk unless `--backend postgres`), while a second client asks `GET /api/health` every 50 ms:
 *
 * 1. summary regenerations: one user writes 30 meetings with 1.4 MB transcripts, then asks for
 *    all 30 summaries to be regenerated at once (the offline model, the zero-configuration
 *    default); a second user's one-meeting regeneration runs meanwhile and is timed;
 * 2. the first search after an import: 100 meetings of 150 KB are written, then
 *    `GET /api/meetings?search=` is asked once.
 *
 * Each phase prints the health answers' median, p95 and maximum beside the idle reference
 * measured in the same run before the first load, and the ratio of the medians. Writes and the
 * quiet time after them (background work the writes queued) are phases of their own.
 *
 * Run from the repository root: `npx tsx bench/abuse/stalls.ts` (a few minutes). Options:
 * `--backend pglite|postgres`, `--regenerations 30`, `--transcript-kb 1400`, `--meetings 100`,
 * `--meeting-kb 150`, `--json file`. Exit code 0 when every phase's health median stayed under
 * {@link HEALTH_BUDGET_MS}, 1 when not, 2 on error. Only loopback addresses are contacted.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { log, runBench } from '../lib/cleanup.ts';
import { percentile } from '../api/stats.ts';
import { startBenchServer } from './server.ts';
import { call, openLoopClient, session, useBase } from './probe.ts';
import { fillerTranscript } from './transcripts.ts';

/** The bar of this probe: a phase's health median, milliseconds. */
export const HEALTH_BUDGET_MS = 100;
/** How often the health client asks, milliseconds. */
const HEALTH_EVERY_MS = 50;

/** One phase of the run, as the health client saw it. */
interface PhaseResult {
  phase: string;
  seconds: number;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  /** What the load itself answered, in a line. */
  note: string;
}

/** `GET /api/health` every {@link HEALTH_EVERY_MS}, open loop (./probe.ts). */
const healthClient = () => openLoopClient('/api/health', HEALTH_EVERY_MS);

/** Runs `load` with the health client asking meanwhile. */
async function phase(name: string, load: () => Promise<string>): Promise<PhaseResult> {
  log(`phase: ${name}`);
  const health = healthClient();
  const t0 = performance.now();
  const note = await load();
  const seconds = (performance.now() - t0) / 1000;
  const sorted = (await health.stop()).sort((a, b) => a - b);
  const result = {
    phase: name,
    seconds,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
    note,
  };
  // Printed as it ends, so a later failure keeps the figures.
  log(
    `${name}: ${seconds.toFixed(1)} s, health p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; ${note}`,
  );
  return result;
}

/**
 * Waits until the server is quiet again (ten health answers in a row under `quietMs`), or
 * `maxMs` passed: the background work the previous phase queued.
 */
async function settle(quietMs: number, maxMs = 600_000): Promise<string> {
  const t0 = performance.now();
  let calm = 0;
  while (calm < 10 && performance.now() - t0 < maxMs) {
    calm = (await call('GET', '/api/health')).ms < quietMs ? calm + 1 : 0;
    await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
  }
  return calm >= 10 ? 'quiet again' : `still busy after ${maxMs / 1000} s`;
}

/** Writes `count` meetings of about `kb` KB each as `cookie`; returns their ids. */
async function writeMeetings(cookie: string, count: number, kb: number, tag: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call('POST', '/api/meetings', cookie, {
      title: `${tag} ${i}`,
      transcript: fillerTranscript(kb * 1000, i, i === count - 1 ? `${tag}marker` : undefined),
    });
    if (res.status !== 201) throw new Error(`meeting not created: ${res.status}`);
    ids.push((res.json as { id: string }).id);
  }
  return ids;
}

/** Polls the meetings until none is regenerating its summary (one GET a second). */
async function summariesDone(cookie: string, ids: string[], maxMs = 900_000): Promise<number> {
  const t0 = performance.now();
  const left = [...ids];
  while (left.length && performance.now() - t0 < maxMs) {
    const res = await call('GET', `/api/meetings/${left[0]}`, cookie);
    if ((res.json as { summaryRegenerating?: boolean }).summaryRegenerating === false) left.shift();
    else await new Promise((r) => setTimeout(r, 1000));
  }
  return (performance.now() - t0) / 1000;
}

const count = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {}),
  )
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'pglite' },
      regenerations: { type: 'string', default: '30' },
      'transcript-kb': { type: 'string', default: '1400' },
      meetings: { type: 'string', default: '100' },
      'meeting-kb': { type: 'string', default: '150' },
      json: { type: 'string' },
    },
  });
  const backend = values.backend === 'postgres' ? 'postgres' : 'pglite';
  const regenerations = Number(values.regenerations);
  const bigKb = Number(values['transcript-kb']);
  const importCount = Number(values.meetings);
  const importKb = Number(values['meeting-kb']);
  const server = await startBenchServer('stalls', backend, {
    AUTH_SECRET: 'bench-stalls-secret-bench-stalls-secret-01',
  });
  useBase(server.base);
  const flags = server.flags;

  const heavy = await session('Heavy', 'heavy@example.com');
  const other = await session('Other', 'other@example.com');
  await new Promise((r) => setTimeout(r, 3000));
  const results: PhaseResult[] = [];
  results.push(
    await phase('idle', async () => {
      await new Promise((r) => setTimeout(r, 5000));
      return 'no load';
    }),
  );
  const idle = results[0]!;
  const quietMs = Math.max(25, idle.p50 * 3);

  let bigIds: string[] = [];
  results.push(
    await phase(`write ${regenerations} meetings of ${bigKb} KB`, async () => {
      bigIds = await writeMeetings(heavy, regenerations, bigKb, 'big');
      return `${bigIds.length} written`;
    }),
  );
  results.push(await phase('quiet time after those writes', () => settle(quietMs)));
  const [small] = await writeMeetings(other, 1, 2, 'other');
  await settle(quietMs);
  results.push(
    await phase(`${regenerations} regenerations at once by one user`, async () => {
      const batch = Promise.all(
        bigIds.map((id) => call('POST', `/api/meetings/${id}/summary`, heavy, {})),
      );
      // Another user's summary, asked a second after the batch: how long it waits behind it.
      await new Promise((r) => setTimeout(r, 1000));
      const t0 = performance.now();
      const mine = await call('POST', `/api/meetings/${small}/summary`, other, {});
      const otherDone = mine.status === 202 ? await summariesDone(other, [small!]) : NaN;
      const otherSeconds = (performance.now() - t0) / 1000;
      const answers = await batch;
      const accepted = bigIds.filter((_, i) => answers[i]!.status === 202);
      const allSeconds = await summariesDone(heavy, accepted);
      return `answers ${count(answers.map((a) => a.status))}; slowest answer ${Math.round(
        Math.max(...answers.map((a) => a.ms)),
      )} ms; the other user's summary (${mine.status}) done after ${otherSeconds.toFixed(1)} s${
        Number.isNaN(otherDone) ? ' (refused)' : ''
      }; the batch ${allSeconds.toFixed(0)} s later`;
    }),
  );
  results.push(await phase('quiet time after the regenerations', () => settle(quietMs)));

  results.push(
    await phase(`write ${importCount} meetings of ${importKb} KB`, async () => {
      const ids = await writeMeetings(other, importCount, importKb, 'import');
      return `${ids.length} written`;
    }),
  );
  results.push(await phase('quiet time after those writes', () => settle(quietMs)));
  results.push(
    await phase('searches until the last of them is found', async () => {
      // Asked once a second until the last meeting's word is found: at once when the request
      // builds the index itself, after the background job otherwise.
      const t0 = performance.now();
      const times: number[] = [];
      let found = false;
      while (!found && performance.now() - t0 < 600_000) {
        const res = await call('GET', '/api/meetings?search=importmarker', other);
        times.push(res.ms);
        found = ((res.json as { items?: unknown[] }).items?.length ?? 0) > 0;
        if (!found) await new Promise((r) => setTimeout(r, 1000));
      }
      return `${found ? 'found' : 'NOT found'} after ${((performance.now() - t0) / 1000).toFixed(
        1,
      )} s and ${times.length} searches; first search ${Math.round(times[0]!)} ms, slowest ${Math.round(
        Math.max(...times),
      )} ms`;
    }),
  );

  log(`Server: apps/server/dist/main.js ${flags.join(' ')} on ${backend}`);
  log(
    `Reference (same run, before the loads): GET /api/health p50 ${idle.p50.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms`,
  );
  const row = (cells: string[]) => log(`| ${cells.join(' | ')} |`);
  row(['phase', 's', 'health n', 'p50 ms', 'p95 ms', 'max ms', 'p50 / idle p50', 'outcome']);
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
  for (const r of results) {
    row([
      r.phase,
      r.seconds.toFixed(1),
      String(r.samples),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.max.toFixed(0),
      `${(r.p50 / idle.p50).toFixed(1)}x`,
      r.note,
    ]);
  }
  const pass = results.every((r) => r.p50 < HEALTH_BUDGET_MS);
  log(pass ? 'PASS' : `FAIL: a phase's health median reached ${HEALTH_BUDGET_MS} ms`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ backend, results }, null, 2));
  return pass;
}

await runBench(main);
