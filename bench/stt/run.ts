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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  concatToWav16k,
  decodeToPcm,
  probeAudio,
  writeWav16k,
} from '../../apps/server/src/audio/ffmpeg.ts';
import { recognizeWav } from '../../apps/server/src/providers/stt/offline/pocketsphinx.ts';
import { benchProviders, localBench, type BenchProvider } from './providers.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';
import { f2, fallbackDiarization, machine, reportAccuracy, speakersOf, table } from './report.ts';
import type { Clip, Run } from './report.ts';

const AUDIO = AUDIO_DIR;

const LIBRIVOX = `${AUDIO}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;

const AMI_CLIP = `${AUDIO}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s`;

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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
