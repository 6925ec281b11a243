/** The live bench's printed report and its `--json` figures. */
import { percentile } from '../api/stats.ts';
import { machine, pct, table } from '../stt/report.ts';
import type { PhaseResult } from './phase.ts';
import type { BenchRecording } from './recordings.ts';

/** What {@link printReport} is given. */
export interface ReportInput {
  backend: string;
  /** os.loadavg() before and after the run (1, 5, 15 min). */
  loadBefore: number[];
  loadAfter: number[];
  /** The reader's latencies alone (ms). */
  baselineMs: number[];
  /** pocketsphinx, upload only, test models. */
  phases: PhaseResult[];
  recordings: BenchRecording[];
  tinyIds: string[];
  goalS: number;
}

/** Figures of one engine. */
export interface EngineFigures {
  engine: string;
  utterances: number;
  missed: number;
  delayP50S: number | null;
  delayP95S: number | null;
  liveWer: number;
  finalWer: number;
  segments: number;
  /** Live path CPU (s) per minute of audio: recording CPU minus the upload-only phase's. */
  liveCpuSPerAudioMin: number;
  /** The final pass's CPU (s) per minute of audio, this phase's. */
  finalCpuSPerAudioMin: number;
  liveOverFinal: number;
  readerP50Ms: number;
  readerP95Ms: number;
  readerP95OverBaseline: number;
  localWorkers: number;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const q = (xs: number[], p: number) => (xs.length ? percentile(sorted(xs), p) : null);
const s2 = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(2)} s`);

function engineFigures(p: PhaseResult, upload: PhaseResult, baselineP95: number): EngineFigures {
  const got = p.delays.filter((d): d is number => d !== null);
  const perMin = (cpu: number) => (cpu / p.audioS) * 60;
  const live = perMin(p.recordingCpuS - upload.recordingCpuS);
  const final = perMin(p.finalCpuS);
  const readerP95 = q(p.readerMs, 95)!;
  return {
    engine: p.name,
    utterances: p.delays.length,
    missed: p.delays.length - got.length,
    delayP50S: q(got, 50),
    delayP95S: q(got, 95),
    liveWer: p.liveWer.wer,
    finalWer: p.finalWer.wer,
    segments: p.segments,
    liveCpuSPerAudioMin: live,
    finalCpuSPerAudioMin: final,
    liveOverFinal: live / final,
    readerP50Ms: q(p.readerMs, 50)!,
    readerP95Ms: readerP95,
    readerP95OverBaseline: readerP95 / baselineP95,
    localWorkers: p.localWorkers,
  };
}

/** Prints the tables; answers every figure, and whether PocketSphinx met the delay goal. */
export function printReport(input: ReportInput) {
  const [ps, upload, tiny] = input.phases as [PhaseResult, PhaseResult, PhaseResult];
  const baselineP95 = q(input.baselineMs, 95)!;
  const engines = [ps, tiny].map((p) => engineFigures(p, upload, baselineP95));
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const endsFrom = [
    ...new Set(input.recordings.flatMap((r) => r.clips.map((c) => `${c.name}: ${c.endsFrom}`))),
  ];
  for (const line of machine()) console.log(line);
  console.log(
    `database: ${input.backend}; load average before ${load(input.loadBefore)}, after ${load(input.loadAfter)} (1, 5, 15 min; the machine is shared)`,
  );
  console.log(
    `recordings: ${input.recordings.map((r) => `${r.name} ${r.chunks.length} s (${r.clips.map((c) => c.name).join(', ')})`).join('; ')}; three at once, real time, 1 s chunks`,
  );
  console.log(`utterance ends from: ${endsFrom.join(', ')}`);
  console.log('');
  table(
    [
      'engine',
      'utterances',
      'no text',
      'delay p50',
      'delay p95',
      `p95 < ${input.goalS} s`,
      'live WER',
      'final WER',
      'live CPU s/audio min',
      'final CPU s/audio min',
      'live/final',
      'reader p95',
      'p95/alone',
    ],
    engines.map((e) => [
      e.engine,
      String(e.utterances),
      String(e.missed),
      s2(e.delayP50S),
      s2(e.delayP95S),
      e.delayP95S !== null && e.delayP95S < input.goalS ? 'yes' : 'NO',
      pct(e.liveWer),
      pct(e.finalWer),
      e.liveCpuSPerAudioMin.toFixed(1),
      e.finalCpuSPerAudioMin.toFixed(1),
      e.liveOverFinal.toFixed(2),
      `${e.readerP95Ms.toFixed(1)} ms`,
      e.readerP95OverBaseline.toFixed(2),
    ]),
  );
  console.log('');
  table(
    ['reader GET /api/meetings', 'requests', 'p50', 'p95'],
    [
      ['alone (baseline)', input.baselineMs, '-'],
      ...input.phases.map((p) => [`3 meetings recording, ${p.name}`, p.readerMs]),
    ].map(([name, ms]) => [
      name as string,
      String((ms as number[]).length),
      `${q(ms as number[], 50)!.toFixed(1)} ms`,
      `${q(ms as number[], 95)!.toFixed(1)} ms`,
    ]),
  );
  console.log('');
  table(
    ['phase', 'audio', 'server CPU recording', 'server CPU final pass', 'final pass wall'],
    input.phases.map((p) => [
      p.name,
      `${p.audioS} s`,
      `${p.recordingCpuS.toFixed(1)} s`,
      `${p.finalCpuS.toFixed(1)} s`,
      `${p.finalWallS.toFixed(1)} s`,
    ]),
  );
  console.log('');
  console.log(
    `live CPU = server tree CPU while recording minus the upload-only phase's (same recordings, same reader); per live meeting ${(engines[0]!.liveCpuSPerAudioMin / 60).toFixed(2)} of a core with PocketSphinx.`,
  );
  console.log(
    `test models (${input.tinyIds.join(', ')}; ${tiny.localWorkers} live worker processes seen): random weights, their words and WER mean nothing; only the plumbing, delay and cost count.`,
  );
  const slowest = ps.utterances
    .filter((u) => u.delayS !== null)
    .sort((a, b) => b.delayS! - a.delayS!)
    .slice(0, 3)
    .map((u) => `${u.meeting} ${u.clip} ending at ${u.endS.toFixed(1)} s: ${s2(u.delayS)}`);
  console.log(`slowest PocketSphinx utterances: ${slowest.join('; ')}`);
  console.log(`sample live text (m1, PocketSphinx): ${ps.sample.live.slice(0, 200)}`);
  console.log(
    `sample final transcript (m1): ${ps.sample.final.replace(/\n/g, ' / ').slice(0, 200)}`,
  );
  const goalMet = engines[0]!.delayP95S !== null && engines[0]!.delayP95S < input.goalS;
  console.log(
    goalMet
      ? `goal met: PocketSphinx delay p95 ${s2(engines[0]!.delayP95S)} < ${input.goalS} s`
      : `goal NOT met: PocketSphinx delay p95 ${s2(engines[0]!.delayP95S)}, goal under ${input.goalS} s`,
  );
  return {
    machine: machine(),
    backend: input.backend,
    loadBefore: input.loadBefore,
    loadAfter: input.loadAfter,
    baselineReaderMs: input.baselineMs,
    engines,
    phases: input.phases,
    goalS: input.goalS,
    goalMet,
  };
}
