/**
 * Speech-to-text benchmark: `npx tsx bench/stt/run.ts` from the repository root (a few minutes
 * on 2 cores). Options: `--long-seconds 300` (length of the concatenated long recording; 0
 * skips it), `--json file` (writes every figure as JSON).
 *
 * For every provider of `benchProviders()` (the offline default) and every configuration of the
 * local engine whose models are installed (`localBench()`: each English recognizer in
 * SUMMY_MODELS_DIR, else `DATA_DIR/models`, with the catalog of MODELS_CATALOG when set, without
 * and with each speaker embedding model):
 * - word error rate (WER) against every reference transcript in testdata/audio
 *   (jfk.txt for jfk.wav and jfk.flac, the five LibriVox clips, the AMI clip's timed words);
 * - diarization error rate (DER) against every RTTM (pyannote sample, AMI clip), collar 0.25 s
 *   and 0 s, overlap scored, with the estimated and the reference number of speakers;
 * - real-time factor (RTF = processing time / audio duration) on the short clips and on a
 *   ~5-minute recording concatenated from them (built in os.tmpdir(), deleted after).
 * Beside it, the reference measured in the same run: one `pocketsphinx_continuous` process over
 * each whole 16 kHz file (what the parallel split and the VAD buy or cost), with its WER too.
 * With no local recognizer installed the report says so and prints no local figures; test
 * models (ids `tiny-…`, random weights) get their real-time factor only, labelled as such
 * (`npx tsx bench/stt/install-tiny-models.ts <dir>` installs them for a trial of that path).
 *
 * Then the fallback diarization alone (no PocketSphinx), today's and that of `--baseline`
 * (default `main`; `--baseline ''` skips it) in the same run: leave-one-out DER (collar 0.25 s)
 * and speaker counts over every multi-speaker recording (the embedding window chosen on the
 * other recordings each time), speaker counts of the single-speaker recordings, and a
 * 9-minute conversation of two real people (bench/stt/diarization-eval.ts). `--stt-only` skips
 * this section.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TranscriptionResult } from '@summy/core';
import {
  concatToWav16k,
  decodeToPcm,
  probeAudio,
  writeWav16k,
} from '../../apps/server/src/audio/ffmpeg.ts';
import { recognizeWav } from '../../apps/server/src/providers/stt/offline/pocketsphinx.ts';
import { parseRttm, scoreDiarization, type DerResult } from './der.ts';
import {
  diarizerAt,
  leaveOneOut,
  multiSpeakerRecordings,
  scoreOne,
  singleSpeakerRecordings,
  twoSpeakerConversation,
  type Diarizer,
} from './diarization-eval.ts';
import { benchProviders, localBench, type BenchProvider } from './providers.ts';
import { wordErrorRate, type WerResult } from './wer.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';

const AUDIO = AUDIO_DIR;
const LIBRIVOX = `${AUDIO}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;
const AMI_CLIP = `${AUDIO}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s`;

/** A recording of the test data and its references. */
interface Clip {
  name: string;
  path: string;
  /** Reference transcript, if any. */
  transcript?: string;
  /** Reference RTTM, if any. */
  rttm?: string;
  /** Speakers according to the test data's README. */
  speakers: number;
}

/** The AMI clip's `.txt`: `start<TAB>end<TAB>speaker<TAB>WORDS` per line. */
function timedWordsText(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split('\t')[3] ?? '')
    .join(' ');
}

function clips(): Clip[] {
  const jfk = readFileSync(`${AUDIO}/jfk/jfk.txt`, 'utf8');
  return [
    { name: 'jfk.wav', path: `${AUDIO}/jfk/jfk.wav`, transcript: jfk, speakers: 1 },
    { name: 'jfk.flac', path: `${AUDIO}/jfk/jfk.flac`, transcript: jfk, speakers: 1 },
    ...[870, 880, 890, 920, 930].map((n) => ({
      name: `librivox-0${n}.wav`,
      path: `${LIBRIVOX}${n}.wav`,
      transcript: readFileSync(`${LIBRIVOX}${n}.txt`, 'utf8'),
      speakers: 1,
    })),
    {
      name: 'ami-ES2011a-40s-46s.wav',
      path: `${AMI_CLIP}.wav`,
      transcript: timedWordsText(`${AMI_CLIP}.txt`),
      rttm: `${AMI_CLIP}.ref.rttm`,
      speakers: 1,
    },
    {
      name: 'pyannote-sample.wav',
      path: `${AUDIO}/pyannote_sample/sample.wav`,
      rttm: `${AUDIO}/pyannote_sample/sample.rttm`,
      speakers: 2,
    },
  ];
}

interface Run {
  result: TranscriptionResult;
  seconds: number;
  cpu: number;
}

/**
 * CPU time (s) of this process plus its waited-for children (ffmpeg, PocketSphinx), from
 * /proc/self/stat (utime, stime, cutime, cstime in clock ticks of 1/100 s). Unlike wall time,
 * it does not depend on what else the shared machine runs.
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5); the slice starts at field 3.
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; cpu: number }> {
  const cpu0 = cpuSeconds();
  const start = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu0 };
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');
const f2 = (x: number) => x.toFixed(2);
const speakersOf = (r: TranscriptionResult) => new Set(r.words.map((w) => w.speaker ?? 0)).size;

/** Prints a markdown table with right-aligned numbers. */
function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

function addWer(total: WerResult, w: WerResult): void {
  total.referenceWords += w.referenceWords;
  total.hypothesisWords += w.hypothesisWords;
  total.substitutions += w.substitutions;
  total.deletions += w.deletions;
  total.insertions += w.insertions;
  total.wer = (total.substitutions + total.deletions + total.insertions) / total.referenceWords;
}

const emptyWer = (): WerResult => ({
  referenceWords: 0,
  hypothesisWords: 0,
  substitutions: 0,
  deletions: 0,
  insertions: 0,
  wer: 0,
});

function machine(): string[] {
  const version = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0]!.trim();
    } catch {
      return 'unknown';
    }
  };
  const cpus = os.cpus();
  return [
    `node ${process.version}, ${os.platform()} ${os.arch()}, os.cpus().length = ${cpus.length} (${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM`,
    `sherpa-onnx-node ${(createRequire(import.meta.url)('sherpa-onnx-node/package.json') as { version: string }).version}; pocketsphinx ${version('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx'])}, model ${version('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx-en-us'])} (en-us); ${version('ffmpeg', ['-version'])}`,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'long-seconds': { type: 'string', default: '300' },
      json: { type: 'string' },
      baseline: { type: 'string', default: 'main' },
      'diarization-only': { type: 'boolean', default: false },
      'stt-only': { type: 'boolean', default: false },
    },
  });
  const longSeconds = Number(values['long-seconds']);
  const json: Record<string, unknown> = { date: new Date().toISOString() };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-bench-stt-'));
  const loadStart = os.loadavg();
  try {
    console.log('Machine:');
    for (const line of machine()) console.log(`  ${line}`);
    console.log(`  load average at start: ${loadStart.map(f2).join(' ')} (1, 5, 15 min)`);

    if (!values['stt-only']) await fallbackDiarization(values.baseline, json);
    if (values['diarization-only']) return;
    const local = localBench(tmp);
    json.localModels = {
      modelsDir: local.modelsDir,
      status: local.status,
      notes: local.notes,
      measured: local.providers.map((b) => ({ label: b.label, testModels: !!b.testModels })),
    };

    const all = clips();
    // The reference decodes 16 kHz mono WAV only: the FLAC is converted first (not timed).
    const wav16: Record<string, string> = {};
    const durations: Record<string, number> = {};
    for (const clip of all) {
      durations[clip.name] = (await probeAudio(clip.path)).durationS;
      if (clip.path.endsWith('.flac')) {
        const out = path.join(tmp, `${path.basename(clip.path)}.wav`);
        await writeWav16k(await decodeToPcm(clip.path), out);
        wav16[clip.name] = out;
      } else wav16[clip.name] = clip.path;
    }
    const shortAudio = all.reduce((sum, c) => sum + durations[c.name]!, 0);

    // Reference: one PocketSphinx process per whole file.
    const reference: Record<string, { text: string; seconds: number; cpu: number }> = {};
    for (const clip of all) {
      const { value, seconds, cpu } = await timed(() => recognizeWav(wav16[clip.name]!));
      reference[clip.name] = { text: value.map((w) => w.word).join(' '), seconds, cpu };
    }

    let longFile: string | null = null;
    let longDuration = 0;
    if (longSeconds > 0) {
      const cycle = all.map((c) => c.path);
      const inputs: string[] = [];
      let sum = 0;
      while (sum < longSeconds) {
        for (const clip of all) {
          inputs.push(clip.path);
          sum += durations[clip.name]!;
        }
      }
      longFile = path.join(tmp, 'long.wav');
      await concatToWav16k(inputs, longFile, { maxDurationS: longSeconds });
      longDuration = (await probeAudio(longFile)).durationS;
      console.log(
        `  long recording: ${f2(longDuration)} s, ${inputs.length} clips (${cycle.length} per cycle) concatenated in ${tmp}`,
      );
    }
    let longReference = { seconds: 0, cpu: 0 };
    if (longFile) longReference = await timed(() => recognizeWav(longFile!));

    const printLocalStatus = () => {
      console.log(
        `\n## Local engine (sherpa-onnx), models folder ${path.relative(process.cwd(), local.modelsDir) || '.'}\n`,
      );
      for (const note of local.notes) console.log(note);
      if (local.providers.length > 0) {
        console.log(`Measured: ${local.providers.map((b) => b.label).join('; ')}.`);
      }
    };
    for (const bench of [...benchProviders(), ...local.providers]) {
      if (bench === local.providers[0]) printLocalStatus();
      await measure(
        bench,
        all,
        durations,
        shortAudio,
        reference,
        longFile,
        longDuration,
        longReference,
        json,
      );
    }
    if (local.providers.length === 0) printLocalStatus();
    const loadEnd = os.loadavg();
    console.log(`\nload average at end: ${loadEnd.map(f2).join(' ')} (1, 5, 15 min)`);
    json.load = { start: loadStart, end: loadEnd };
    if (values.json) writeFileSync(values.json, JSON.stringify(json, null, 2));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function measure(
  bench: BenchProvider,
  all: Clip[],
  durations: Record<string, number>,
  shortAudio: number,
  reference: Record<string, { text: string; seconds: number; cpu: number }>,
  longFile: string | null,
  longDuration: number,
  longReference: { seconds: number; cpu: number },
  json: Record<string, unknown>,
): Promise<void> {
  console.log(`\n## ${bench.label}\n`);
  const runs: Record<string, Run> = {};
  for (const clip of all) {
    const { value, seconds, cpu } = await timed(() =>
      bench.provider.transcribe({
        path: clip.path,
        mimeType: clip.path.endsWith('.flac') ? 'audio/flac' : 'audio/wav',
        language: 'en',
      }),
    );
    runs[clip.name] = { result: value, seconds, cpu };
  }

  let accuracy: Record<string, unknown> = {};
  if (bench.testModels) {
    console.log(
      'Test models (random weights): their words and speakers are meaningless, so no WER, DER or speaker count is reported; real-time factor only.',
    );
  } else accuracy = reportAccuracy(all, runs, reference);

  const sum = (values: { seconds: number; cpu: number }[]) => ({
    seconds: values.reduce((acc, v) => acc + v.seconds, 0),
    cpu: values.reduce((acc, v) => acc + v.cpu, 0),
  });
  const shortProvider = sum(Object.values(runs));
  const shortReference = sum(Object.values(reference));
  const rtfRow = (
    label: string,
    audio: number,
    provider: { seconds: number; cpu: number },
    ref: { seconds: number; cpu: number },
  ) => [
    label,
    f2(audio),
    f2(provider.seconds),
    f2(provider.seconds / audio),
    f2(ref.seconds),
    f2(ref.seconds / audio),
    // A test model's tiny network says nothing about a real model's speed: no ratio.
    bench.testModels ? '-' : `${f2(ref.seconds / provider.seconds)}x`,
    f2(provider.cpu / audio),
    f2(ref.cpu / audio),
  ];
  const rtfRows: string[][] = [
    rtfRow('9 short clips (3-30 s each)', shortAudio, shortProvider, shortReference),
  ];
  let longSpeakers = 0;
  let longRun: { seconds: number; cpu: number } | null = null;
  if (longFile) {
    const { value, seconds, cpu } = await timed(() =>
      bench.provider.transcribe({ path: longFile, mimeType: 'audio/wav', language: 'en' }),
    );
    longSpeakers = speakersOf(value);
    longRun = { seconds, cpu };
    rtfRows.push(
      rtfRow(
        `${(longDuration / 60).toFixed(1)}-minute concatenation`,
        longDuration,
        longRun,
        longReference,
      ),
    );
  }
  console.log(
    `\nReal-time factor${bench.testModels ? ' of TEST MODELS (random weights; not a real model speed)' : ''} (wall-clock processing time / audio duration; ${bench.local ? `this machine, ${os.cpus().length} cores` : 'remote service'}), and CPU seconds per audio second (this process and its children):\n`,
  );
  table(
    [
      'audio',
      'audio s',
      'provider s',
      bench.testModels ? 'test-model RTF' : 'provider RTF',
      '1 process whole file s',
      'reference RTF',
      'speed-up',
      'provider CPU/audio',
      'reference CPU/audio',
    ],
    rtfRows,
  );
  if (longFile && !bench.testModels) {
    console.log(
      `\nThe long recording holds 5 distinct voices (JFK, the LibriVox reader, the 2 pyannote speakers, AMI's FEE041); speakers found: ${longSpeakers}.`,
    );
  }
  json[bench.label] = {
    testModels: !!bench.testModels,
    ...accuracy,
    shortAudio,
    shortProvider,
    shortReference,
    long: {
      durationS: longDuration,
      run: longRun,
      reference: longReference,
      ...(bench.testModels ? {} : { speakers: longSpeakers }),
    },
  };
}

/**
 * Prints the WER, DER and speakers-per-file tables of one provider's runs, each beside the
 * one-process PocketSphinx reference where it has one, and answers them for the JSON.
 */
function reportAccuracy(
  all: Clip[],
  runs: Record<string, Run>,
  reference: Record<string, { text: string }>,
): Record<string, unknown> {
  console.log(
    'Word error rate (lower case, punctuation removed; S/D/I = substitutions, deletions, insertions):\n',
  );
  const total = emptyWer();
  const totalRef = emptyWer();
  const werRows: string[][] = [];
  const werJson: Record<string, unknown> = {};
  for (const clip of all) {
    if (!clip.transcript) continue;
    const w = wordErrorRate(clip.transcript, runs[clip.name]!.result.text);
    const r = wordErrorRate(clip.transcript, reference[clip.name]!.text);
    addWer(total, w);
    addWer(totalRef, r);
    werRows.push([
      clip.name,
      String(w.referenceWords),
      pct(w.wer),
      `${w.substitutions}/${w.deletions}/${w.insertions}`,
      pct(r.wer),
    ]);
    werJson[clip.name] = {
      provider: w,
      wholeFileOneProcess: r,
      hypothesis: runs[clip.name]!.result.text,
    };
  }
  werRows.push([
    '**all**',
    String(total.referenceWords),
    `**${pct(total.wer)}**`,
    `${total.substitutions}/${total.deletions}/${total.insertions}`,
    pct(totalRef.wer),
  ]);
  table(['file', 'ref words', 'WER', 'S/D/I', 'WER, 1 process whole file'], werRows);

  console.log(
    '\nDiarization error rate (hypothesis: the utterances, one span per speaker turn; overlap scored):\n',
  );
  const derRows: string[][] = [];
  const derJson: Record<string, unknown> = {};
  for (const clip of all) {
    if (!clip.rttm) continue;
    const ref = parseRttm(readFileSync(clip.rttm, 'utf8'));
    const hyp = runs[clip.name]!.result.utterances.map((u) => ({
      start: u.start,
      end: u.end,
      speaker: `S${u.speaker}`,
    }));
    const scores: DerResult[] = [0.25, 0].map((collarS) => scoreDiarization(ref, hyp, { collarS }));
    const d = scores[0]!;
    derRows.push([
      clip.name,
      f2(d.total),
      pct(d.der),
      `${pct(d.missed / d.total)} / ${pct(d.falseAlarm / d.total)} / ${pct(d.confusion / d.total)}`,
      pct(scores[1]!.der),
      `${d.hypothesisSpeakers} / ${d.referenceSpeakers}`,
    ]);
    derJson[clip.name] = { collar025: scores[0], collar0: scores[1] };
  }
  table(
    [
      'file',
      'scored ref speech s',
      'DER (collar 0.25 s)',
      'missed / false alarm / confusion',
      'DER (no collar)',
      'speakers est. / ref.',
    ],
    derRows,
  );

  console.log('\nSpeakers found per file:\n');
  table(
    ['file', 'speakers est.', 'reference'],
    all.map((c) => [c.name, String(speakersOf(runs[c.name]!.result)), String(c.speakers)]),
  );
  return { wer: werJson, der: derJson };
}

/** The fallback diarization section (module comment), today's code beside `baseline`'s. */
async function fallbackDiarization(baseline: string, json: Record<string, unknown>): Promise<void> {
  const versions: [string, Diarizer | undefined][] = [['today', undefined]];
  if (baseline) versions.push([`${baseline} (baseline)`, await diarizerAt(baseline)]);
  console.log('\n## Fallback diarization alone (no PocketSphinx)\n');
  const results: Record<string, unknown> = {};
  const rows: string[][] = [];
  for (const [label, diarizer] of versions) {
    const start = performance.now();
    const held = await leaveOneOut(multiSpeakerRecordings(), diarizer);
    const singles: Record<string, number> = {};
    for (const rec of singleSpeakerRecordings())
      singles[rec.name] = (
        await scoreOne(await decodeToPcm(rec.path), null, {}, diarizer)
      ).speakers;
    const conversation = await twoSpeakerConversation(540);
    const t0 = performance.now();
    const long = await scoreOne(conversation.pcm, conversation.reference, {}, diarizer);
    const longSeconds = (performance.now() - t0) / 1000;
    results[label] = { leaveOneOut: held, singles, long: { ...long, seconds: longSeconds } };
    for (const h of held)
      rows.push([
        label,
        h.name,
        String(h.reference),
        String(h.speakers),
        pct(h.der),
        String(h.windowS),
      ]);
    const mean = (f: (h: (typeof held)[number]) => number) =>
      held.reduce((sum, h) => sum + f(h), 0) / held.length;
    rows.push([
      label,
      '**mean**',
      '',
      `error ${f2(mean((h) => Math.abs(h.speakers - h.reference)))}`,
      `**${pct(mean((h) => h.der))}**`,
      '',
    ]);
    console.log(
      `${label}: single-speaker recordings -> ${Object.entries(singles)
        .map(([name, n]) => `${name} ${n}`)
        .join(
          ', ',
        )}; 9-minute two-person conversation -> ${long.speakers} speakers, DER ${pct(long.der)}, diarized in ${f2(longSeconds)} s; all in ${f2((performance.now() - start) / 1000)} s`,
    );
  }
  console.log('\nLeave-one-out (window chosen on the other recordings), DER collar 0.25 s:\n');
  table(['code', 'recording', 'speakers ref.', 'speakers est.', 'DER', 'window s'], rows);
  json.fallbackDiarization = results;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
