/**
 * Voice activity detection benchmark: `npx tsx bench/stt/vad.ts` from the repository root (about
 * a minute on 2 cores). Options: `--json file` (every figure as JSON).
 *
 * Compares, in one run, the detectors that find speech:
 * - `energy`: Summy's energy detector on the whole recording (providers/stt/offline/vad.ts);
 * - `silero`: the silero v5 model run by sherpa-onnx on the whole recording (audio/silero-vad.ts,
 *   sherpa-onnx's default tuning, nothing fitted to these clips);
 * - `energy live` and `silero live`: the streaming detectors of the live transcript
 *   (audio/speech-detector.ts, audio/silero-vad.ts), fed a second at a time, segments cut at 15 s.
 *
 * Figures:
 * - missed speech and false alarm, the speech/non-speech components of the diarization error rate
 *   (bench/stt/der.ts, collar 0.25 s around every reference boundary), as % of the reference
 *   speech, on every recording of the test data with a reference RTTM (the speakers merged:
 *   speech is speech whoever speaks);
 * - the word error rate (WER) of the offline provider (PocketSphinx on the regions) with the
 *   `energy` and with the `silero` regions, on every recording with a reference transcript
 *   (jfk.flac left out: the same speech as jfk.wav);
 * - the detectors' CPU time per audio second, beside the energy detector's in the same run.
 * No parameter is chosen on these clips, so every clip is held out: the default is the detector
 * with the lower missed + false alarm and WER overall.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeToPcm } from '../../apps/server/src/audio/ffmpeg.ts';
import {
  createSileroDetector,
  sileroSpeechRegions,
} from '../../apps/server/src/audio/silero-vad.ts';
import {
  createEnergyDetector,
  type SpeechDetector,
} from '../../apps/server/src/audio/speech-detector.ts';
import { diarize } from '../../apps/server/src/providers/stt/offline/diarize.ts';
import { OfflineSttProvider } from '../../apps/server/src/providers/stt/offline/offline-provider.ts';
import {
  findSpeechRegions,
  type RegionDetector,
} from '../../apps/server/src/providers/stt/offline/speech-regions.ts';
import {
  detectSpeech,
  type SpeechRegion,
} from '../../apps/server/src/providers/stt/offline/vad.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';
import { parseRttm, scoreDiarization, type SpeakerSpan } from './der.ts';
import { multiSpeakerRecordings } from './diarization-eval.ts';
import { addWer, emptyWer, pct, table } from './report.ts';
import { wordErrorRate, type WerResult } from './wer.ts';

const RATE = 16_000;
const DETECTORS = ['energy', 'silero', 'union', 'energy live', 'silero live'] as const;
/** The whole-recording detectors, whose regions the offline provider may use. */
const WHOLE: RegionDetector[] = ['energy', 'silero', 'union'];
type Detector = (typeof DETECTORS)[number];

/** Regions of a streaming detector fed a second at a time. */
function streamed(detector: SpeechDetector, pcm: Float32Array): SpeechRegion[] {
  const found = [];
  for (let i = 0; i < pcm.length; i += RATE)
    found.push(...detector.accept(pcm.subarray(i, i + RATE)));
  found.push(...detector.flush());
  return found.map((d) => ({ start: d.start / RATE, end: (d.start + d.samples.length) / RATE }));
}

/** Speech regions of `pcm` by `detector`. */
async function regionsOf(detector: Detector, pcm: Float32Array): Promise<SpeechRegion[]> {
  if (detector === 'energy') return detectSpeech(pcm, RATE).regions;
  if (detector === 'silero') return sileroSpeechRegions(pcm)!;
  if (detector === 'union') return findSpeechRegions(pcm, { detector: 'union' }).regions;
  if (detector === 'energy live') return streamed(createEnergyDetector(), pcm);
  return streamed(createSileroDetector()!, pcm);
}

/** CPU seconds of this process (user + system). */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

interface RegionScore {
  missed: number;
  falseAlarm: number;
  total: number;
}

/** Missed speech and false alarm of `regions` against the reference, speakers merged. */
function scoreRegions(reference: SpeakerSpan[], regions: SpeechRegion[]): RegionScore {
  const ref = reference.map((s) => ({ ...s, speaker: 'speech' }));
  const hyp = regions.map((r) => ({ ...r, speaker: 'speech' }));
  const d = scoreDiarization(ref, hyp, { collarS: 0.25 });
  return { missed: d.missed, falseAlarm: d.falseAlarm, total: d.total };
}

/** DER (collar 0.25 s) of Summy's diarization of `regions`. */
async function diarizationError(
  pcm: Float32Array,
  regions: SpeechRegion[],
  reference: SpeakerSpan[],
): Promise<number> {
  const result = await diarize(pcm, regions, { sampleRate: RATE });
  const hypothesis = result.segments.map((s) => ({ ...s, speaker: `S${s.speaker}` }));
  return scoreDiarization(reference, hypothesis, { collarS: 0.25 }).der;
}

/** The reference transcripts: the clips the speech-to-text benchmark scores WER on. */
function transcribed(): { name: string; path: string; transcript: string }[] {
  const librivox = `${AUDIO_DIR}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;
  const ami = `${AUDIO_DIR}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s`;
  return [
    {
      name: 'jfk.wav',
      path: `${AUDIO_DIR}/jfk/jfk.wav`,
      transcript: readFileSync(`${AUDIO_DIR}/jfk/jfk.txt`, 'utf8'),
    },
    ...[870, 880, 890, 920, 930].map((n) => ({
      name: `librivox-0${n}.wav`,
      path: `${librivox}${n}.wav`,
      transcript: readFileSync(`${librivox}${n}.txt`, 'utf8'),
    })),
    {
      name: 'AMI ES2011a 40-46 s',
      path: `${ami}.wav`,
      transcript: readFileSync(`${ami}.txt`, 'utf8')
        .split('\n')
        .map((line) => line.split('\t')[3] ?? '')
        .join(' '),
    },
  ];
}

/** Missed and false alarm per recording with an RTTM, and overall; CPU time per detector. */
async function regionFigures(json: Record<string, unknown>): Promise<void> {
  const recordings = [
    ...multiSpeakerRecordings(),
    {
      name: 'AMI ES2011a 40-46 s (headset)',
      path: `${AUDIO_DIR}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav`,
      rttm: `${AUDIO_DIR}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s.ref.rttm`,
    },
  ];
  const totals = Object.fromEntries(
    DETECTORS.map((d) => [d, { missed: 0, falseAlarm: 0, total: 0, cpu: 0 }]),
  );
  let audioS = 0;
  const rows: string[][] = [];
  const perClip: Record<string, Record<string, RegionScore>> = {};
  const ders: Record<string, Record<string, number>> = {};
  const derRows = new Map(recordings.map((r) => [r.name, [r.name]]));
  for (const rec of recordings) {
    const pcm = await decodeToPcm(rec.path);
    audioS += pcm.length / RATE;
    const reference = parseRttm(readFileSync(rec.rttm!, 'utf8'));
    const row = [rec.name];
    perClip[rec.name] = {};
    for (const detector of DETECTORS) {
      const before = cpu();
      const regions = await regionsOf(detector, pcm);
      totals[detector]!.cpu += cpu() - before;
      const s = scoreRegions(reference, regions);
      perClip[rec.name]![detector] = s;
      totals[detector]!.missed += s.missed;
      totals[detector]!.falseAlarm += s.falseAlarm;
      totals[detector]!.total += s.total;
      row.push(pct(s.missed / s.total), pct(s.falseAlarm / s.total));
      if ((WHOLE as string[]).includes(detector)) {
        const der = await diarizationError(pcm, regions, reference);
        (ders[rec.name] ??= {})[detector] = der;
        derRows.get(rec.name)!.push(pct(der));
      }
    }
    rows.push(row);
  }
  rows.push([
    'overall (time-weighted)',
    ...DETECTORS.flatMap((d) => {
      const t = totals[d]!;
      return [pct(t.missed / t.total), pct(t.falseAlarm / t.total)];
    }),
  ]);
  console.log(
    '\n## Missed speech and false alarm (% of reference speech, collar 0.25 s, speakers merged)\n',
  );
  table(['recording', ...DETECTORS.flatMap((d) => [`${d} missed`, `${d} FA`])], rows);
  console.log(
    "\nDER of Summy's diarization (providers/stt/offline/diarize.ts) on each detector's regions (collar 0.25 s):\n",
  );
  const meanDer = (d: string) =>
    recordings.reduce((sum, r) => sum + ders[r.name]![d]!, 0) / recordings.length;
  table(
    ['recording', ...WHOLE.map((d) => `${d} DER`)],
    [...derRows.values(), ['mean', ...WHOLE.map((d) => pct(meanDer(d)))]],
  );
  console.log(`\nCPU s per audio s (${audioS.toFixed(0)} s of audio), energy the reference:\n`);
  table(
    ['detector', 'CPU/audio', 'x energy'],
    DETECTORS.map((d) => [
      d,
      (totals[d]!.cpu / audioS).toFixed(4),
      (totals[d]!.cpu / totals.energy!.cpu).toFixed(1),
    ]),
  );
  json.regions = { perClip, totals, audioS, der: ders };
}

/** WER of the offline provider with each whole-recording detector. */
async function werFigures(json: Record<string, unknown>): Promise<void> {
  const offline = Object.fromEntries(
    WHOLE.map((detector) => [detector, new OfflineSttProvider({ detector })]),
  ) as Record<RegionDetector, OfflineSttProvider>;
  const totals = Object.fromEntries(WHOLE.map((d) => [d, emptyWer()])) as Record<
    RegionDetector,
    WerResult
  >;
  const rows: string[][] = [];
  const perClip: Record<string, Record<string, WerResult>> = {};
  for (const clip of transcribed()) {
    const row = [clip.name];
    perClip[clip.name] = {};
    for (const detector of WHOLE) {
      const result = await offline[detector].transcribe({
        path: clip.path,
        mimeType: 'audio/wav',
        language: 'en',
      });
      const w = wordErrorRate(clip.transcript, result.text);
      perClip[clip.name]![detector] = w;
      addWer(totals[detector], w);
      row.push(pct(w.wer));
    }
    rows.push(row);
  }
  rows.push(['overall (word-weighted)', ...WHOLE.map((d) => pct(totals[d].wer))]);
  console.log("\n## WER of the offline provider (PocketSphinx) on each detector's regions\n");
  table(['recording', ...WHOLE.map((d) => `${d} WER`)], rows);
  json.wer = { perClip, totals };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'string' } } });
  if (!createSileroDetector()) {
    throw new Error('The silero model is not installed: run `bash scripts/node-deps.sh` first.');
  }
  const json: Record<string, unknown> = { date: new Date().toISOString() };
  await regionFigures(json);
  await werFigures(json);
  if (values.json) writeFileSync(values.json, JSON.stringify(json, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
