/**
 * Memory of the embedded database (budget: idle RSS under 200 MB after a first start and after a
 * restart). Every process is a child whose VmRSS/VmHWM is read from /proc.
 *
 * 1. Memory. Reference: a bare PGlite process (bench/memory/bare-pglite.ts: Node opens PGlite on
 *    a folder with PGlite's defaults and idles), measured in the same run. Summy: the bundled
 *    server (`apps/server/dist/main.js`, built by scripts/build-server.mjs) started with the Node
 *    flags of the `exec node …` line and the environment of the `export` lines of
 *    scripts/start.sh, as `npm start` runs it. Each is started on a new data folder (first
 *    start: PGlite creates its database) and again on the same
 *    folder (restart). Per start: wall time until ready (Summy: "Summy is running", after its
 *    migrations and pg-boss), CPU seconds of the process and its waited-for children (initdb),
 *    the peak RSS of its process tree during start (sampled every 50 ms), RSS when ready, and,
 *    after `--idle` seconds of idling (Summy: with a user signed up on the first start and one
 *    meeting-list request after a restart), the idle RSS and the CPU used while idle (pg-boss
 *    polls). Then each choice is taken away in turn (a restart of Summy without one Node flag)
 *    and the bare process is run with Summy's settings, to show what each choice is worth.
 * 2. CPU cost of each choice: bench/memory/cpu-worker.ts in a child process per configuration
 *    (Summy's flags and settings; without each flag; work_mem 1 MB; PGlite's and Node's defaults;
 *    fsync on), on the real QMSum transcripts of testdata/meetings.
 *
 * Run from the repository root: `npx tsx bench/memory/run.ts`
 * Options: `--n 3` rounds of the memory series (0: CPU only), `--idle 30` seconds, `--variant-rounds 1`,
 * `--cpu-rounds 3`, `--skip-cpu`, `--skip-variants`, `--json file`.
 * Exit code 0 when Summy's idle RSS stays under the budget after both starts in every round,
 * 1 otherwise, 2 on error. Everything it starts is stopped and its folders removed, also on
 * error or Ctrl-C.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build as esbuild } from 'esbuild';
import { createPgliteDataDir, PGLITE_SETTINGS } from '@summy/db';
import { type Session } from '../api/client.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import type { CpuTimes } from './cpu-worker.ts';
import type { StartRun, Subject } from './start.ts';
import {
  REPO_ROOT,
  childEnv,
  execFileAsync,
  mb,
  measureStart,
  median,
  startShFlags,
} from './start.ts';

/** Budget of Summy's idle RSS on PGlite, bytes (decimal MB). */
export const IDLE_BUDGET_BYTES = 200e6;

/** A CPU configuration: Node flags and postgresql.conf lines of the worker. */
interface CpuConfig {
  name: string;
  flags: string[];
  conf: readonly string[];
  fsync: 'on' | 'off';
}

async function runCpuWorker(config: CpuConfig, root: string): Promise<CpuTimes> {
  const scratch = await mkdtemp(path.join(root, 'cpu-'));
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [
        ...config.flags,
        '--import',
        'tsx',
        'bench/memory/cpu-worker.ts',
        JSON.stringify(config.conf),
        path.join(scratch, 'pglite'),
        config.fsync,
      ],
      { cwd: REPO_ROOT, maxBuffer: 16 << 20, env: childEnv({}) },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as CpuTimes;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '3' },
      idle: { type: 'string', default: '30' },
      'variant-rounds': { type: 'string', default: '1' },
      'cpu-rounds': { type: 'string', default: '3' },
      'skip-cpu': { type: 'boolean', default: false },
      'skip-variants': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const rounds = Number(values.n);
  const idleS = Number(values.idle);
  const root = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-memory-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const loadBefore = loadAverage();

  log('building the server bundle (scripts/build-server.mjs) and the bare PGlite process');
  await execFileAsync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });
  const bareBundle = path.join(root, 'bare-pglite.mjs');
  await esbuild({
    entryPoints: [path.join(REPO_ROOT, 'bench/memory/bare-pglite.ts')],
    outfile: bareBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  const flags = startShFlags();
  const reference: Subject = { name: 'bare PGlite, defaults (reference)', flags: [], kind: 'bare' };
  const summy: Subject = {
    name: `Summy (node ${flags.join(' ')} apps/server/dist/main.js)`,
    flags,
    kind: 'summy',
  };

  // 1. Memory: reference and Summy, first start and restart, alternating, `rounds` times.
  type Pair = { first: StartRun; restart: StartRun };
  const series = new Map<Subject, Pair[]>([
    [reference, []],
    [summy, []],
  ]);
  let summyDir = '';
  for (let r = 0; r < rounds; r++) {
    for (const subject of [reference, summy]) {
      const dir = await mkdtemp(path.join(root, 'data-'));
      const dataDir = subject.kind === 'bare' ? path.join(dir, 'pglite') : dir;
      const session: { current?: Session } = {};
      const first = await measureStart(subject, dataDir, bareBundle, idleS, session);
      const restart = await measureStart(subject, dataDir, bareBundle, idleS, session);
      series.get(subject)!.push({ first, restart });
      log(
        `round ${r + 1} ${subject.name}: idle ${mb(first.idleBytes)} MB after first start, ${mb(restart.idleBytes)} MB after restart (load ${loadAverage()})`,
      );
      if (subject.kind === 'summy') summyDir = dir;
      else await rm(dir, { recursive: true, force: true });
    }
  }

  // Each choice taken away in turn (restart only), and the bare process with Summy's choices.
  const variants: { subject: Subject; runs: StartRun[] }[] = [];
  if (!values['skip-variants'] && rounds > 0) {
    const tuned = path.join(root, 'tuned', 'pglite');
    await createPgliteDataDir(tuned);
    const list: Subject[] = [
      {
        name: "bare PGlite, Summy's settings and flags",
        flags: flags.filter((f) => f !== '--enable-source-maps'),
        kind: 'bare',
        conf: PGLITE_SETTINGS,
      },
      {
        name: "bare PGlite, Summy's settings, no flags",
        flags: [],
        kind: 'bare',
        conf: PGLITE_SETTINGS,
      },
      ...flags.map((flag): Subject => ({
        name: `Summy without ${flag}`,
        flags: flags.filter((f) => f !== flag),
        kind: 'summy',
      })),
    ];
    for (const subject of list) {
      const runs: StartRun[] = [];
      for (let r = 0; r < Number(values['variant-rounds']); r++) {
        const session: { current?: Session } = {};
        // A restart needs a user for the meeting-list request: sign up anew on this one.
        runs.push(
          await measureStart(
            subject,
            subject.kind === 'bare' ? tuned : summyDir,
            bareBundle,
            idleS,
            session,
          ),
        );
      }
      variants.push({ subject, runs });
      log(`${subject.name}: idle ${mb(median(runs.map((x) => x.idleBytes)))} MB after restart`);
    }
  }

  // 2. CPU cost of each choice.
  const cpu: { config: CpuConfig; times: CpuTimes[] }[] = [];
  if (!values['skip-cpu']) {
    const nodeFlags = flags.filter((f) => f !== '--enable-source-maps');
    const configs: CpuConfig[] = [
      { name: "Summy's choices", flags: nodeFlags, conf: PGLITE_SETTINGS, fsync: 'off' },
      ...nodeFlags.map((flag): CpuConfig => ({
        name: `without ${flag}`,
        flags: nodeFlags.filter((f) => f !== flag),
        conf: PGLITE_SETTINGS,
        fsync: 'off',
      })),
      {
        name: 'work_mem 1MB',
        flags: nodeFlags,
        conf: [...PGLITE_SETTINGS.filter((l) => !l.startsWith('work_mem')), 'work_mem = 1MB'],
        fsync: 'off',
      },
      { name: 'fsync on', flags: nodeFlags, conf: PGLITE_SETTINGS, fsync: 'on' },
      { name: 'PGlite and Node defaults', flags: [], conf: [], fsync: 'off' },
    ];
    for (const config of configs) cpu.push({ config, times: [] });
    // Interleaved rounds, so a change of load on the shared machine hits every configuration.
    for (let r = 0; r < Number(values['cpu-rounds']); r++) {
      for (const entry of cpu) {
        entry.times.push(await runCpuWorker(entry.config, root));
        log(`cpu round ${r + 1} ${entry.config.name}: ${JSON.stringify(entry.times.at(-1))}`);
      }
    }
  }
  const loadAfter = loadAverage();

  // Printing.
  const ref = series.get(reference)!;
  const s = series.get(summy)!;
  const memoryMeasured = rounds > 0;
  const col = (xs: number[], unit: (x: number) => string) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${unit(median(xs))} (${unit(sorted[0]!)}-${unit(sorted.at(-1)!)})`;
  };
  const MB = (x: number) => `${mb(x)} MB`;
  const S = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const MSS = (x: number) => `${x.toFixed(0)} ms/s`;
  if (memoryMeasured)
    console.log(
      `\n== Memory: ${rounds} rounds, idle ${idleS} s, ${os.cpus().length} cores, load average before ${loadBefore}, after ${loadAfter}`,
    );
  if (memoryMeasured) printMemory();
  function printMemory() {
    console.log(`median (min-max); ratio = Summy / bare PGlite reference, medians`);
    const rows: [string, (p: Pair) => number, (x: number) => string][] = [
      ['idle RSS after first start', (p) => p.first.idleBytes, MB],
      ['idle RSS after restart', (p) => p.restart.idleBytes, MB],
      ['largest RSS while idle, first', (p) => p.first.idleMaxBytes, MB],
      ['largest RSS while idle, restart', (p) => p.restart.idleMaxBytes, MB],
      ['peak RSS during first start', (p) => p.first.peakBytes, MB],
      ['peak RSS during restart', (p) => p.restart.peakBytes, MB],
      ['first start, wall', (p) => p.first.startMs, S],
      ['first start, CPU', (p) => p.first.startCpuMs, S],
      ['restart, wall', (p) => p.restart.startMs, S],
      ['restart, CPU', (p) => p.restart.startCpuMs, S],
      ['CPU while idle, after restart', (p) => p.restart.idleCpuMsPerS, MSS],
    ];
    console.log(`${''.padEnd(34)}${'bare PGlite'.padEnd(24)}${'Summy'.padEnd(24)}ratio`);
    for (const [label, pick, unit] of rows) {
      const a = ref.map(pick);
      const b = s.map(pick);
      console.log(
        `${label.padEnd(34)}${col(a, unit).padEnd(24)}${col(b, unit).padEnd(24)}${(median(b) / median(a)).toFixed(2)}x`,
      );
    }
  }
  const worst = Math.max(0, ...s.flatMap((p) => [p.first.idleBytes, p.restart.idleBytes]));
  const pass = worst < IDLE_BUDGET_BYTES;
  if (memoryMeasured)
    console.log(
      `Summy's largest idle RSS over all rounds: ${mb(worst)} MB: ${pass ? 'within' : 'OVER'} the ${mb(IDLE_BUDGET_BYTES)} MB budget`,
    );
  if (variants.length > 0) {
    const refRestart = median(ref.map((p) => p.restart.idleBytes));
    const summyRestart = median(s.map((p) => p.restart.idleBytes));
    console.log(`\n== Each choice taken away (restart, idle ${idleS} s)`);
    console.log(
      `${''.padEnd(48)}${'idle RSS'.padEnd(12)}${'peak'.padEnd(10)}${'restart'.padEnd(10)}vs Summy  vs reference`,
    );
    for (const { subject, runs } of variants) {
      const idle = median(runs.map((x) => x.idleBytes));
      console.log(
        `${subject.name.padEnd(48)}${MB(idle).padEnd(12)}${MB(median(runs.map((x) => x.peakBytes))).padEnd(10)}${S(median(runs.map((x) => x.startMs))).padEnd(10)}${`${idle - summyRestart >= 0 ? '+' : ''}${mb(idle - summyRestart)} MB`.padEnd(10)}${(idle / refRestart).toFixed(2)}x`,
      );
    }
  }
  if (cpu.length > 0) {
    const base = cpu[0]!;
    const m = (e: (typeof cpu)[number], k: keyof CpuTimes) => median(e.times.map((t) => t[k]));
    const t = base.times[0]!;
    console.log(
      `\n== CPU cost of each choice: ${values['cpu-rounds']} interleaved rounds, median CPU ms (user + system); ratio = this / Summy's choices`,
    );
    console.log(
      `workloads: to_tsvector over ${t.tsvectorTurns} real turns; search index of 9 QMSum meetings; one chat retrieval (mean of ${t.chatQueries}); 5 reads of every transcript; 300 committed 2 KB inserts on disk`,
    );
    const keys: (keyof CpuTimes)[] = ['tsvector', 'index', 'chat', 'reads', 'writes'];
    console.log(`${''.padEnd(36)}${keys.map((k) => k.padEnd(18)).join('')}`);
    for (const e of cpu) {
      console.log(
        `${e.config.name.padEnd(36)}${keys
          .map((k) =>
            `${m(e, k).toFixed(k === 'chat' ? 1 : 0)} (${(m(e, k) / m(base, k)).toFixed(2)}x)`.padEnd(
              18,
            ),
          )
          .join('')}`,
      );
    }
  }
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          loadBefore,
          loadAfter,
          flags,
          settings: PGLITE_SETTINGS,
          memory: { reference: ref, summy: s },
          variants: variants.map((v) => ({ name: v.subject.name, runs: v.runs })),
          cpu: cpu.map((c) => ({ name: c.config.name, times: c.times })),
        },
        null,
        2,
      ),
    );
  }
  return pass ? 0 : 1;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err) => {
    console.error(err);
    process.exitCode = 2;
  })
  .finally(runCleanups);
