/**
 * Evaluation of the offline fallback's diarization alone (no PocketSphinx), shared by bench/stt
 * and the diarization tests (apps/server/test/diarization.audio.test.ts):
 * - the multi-speaker recordings of testdata/audio with their RTTM references, and
 *   the single-speaker ones;
 * - leave-one-out: for each multi-speaker recording, the embedding window is chosen on the
 *   others (lowest mean DER) and the recording is scored with it, so no setting is tuned on the
 *   file it is scored on;
 * - a ~9-minute recording of two real speakers built from their own AMI headset tracks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeToPcm } from '../../apps/server/src/audio/ffmpeg.ts';
import {
  diarize,
  type DiarizationOptions,
  type DiarizationResult,
} from '../../apps/server/src/providers/stt/offline/diarize.ts';
import { detectSpeech } from '../../apps/server/src/providers/stt/offline/vad.ts';
import { parseRttm, scoreDiarization, type SpeakerSpan } from './der.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';

/** The real recordings (testdata/SOURCES.md). */
export const AUDIO = AUDIO_DIR;

/** A recording and, for multi-speaker ones, its reference turns. */
export interface EvalRecording {
  name: string;
  path: string;
  /** Speakers according to the test data's README. */
  speakers: number;
  rttm?: string;
}

/** Every multi-speaker recording of the test data that has an RTTM. */
export function multiSpeakerRecordings(): EvalRecording[] {
  const sdm = ['ES2004c_1120-1180s', 'ES2004c_2100-2160s', 'IS1009b_960-1020s'];
  return [
    {
      name: 'pyannote sample',
      path: `${AUDIO}/pyannote_sample/sample.wav`,
      rttm: `${AUDIO}/pyannote_sample/sample.rttm`,
      speakers: 2,
    },
    {
      name: 'AMI ES2004a 750-810 s (headset mix)',
      path: `${AUDIO}/ami_es2004a_excerpt/ES2004a_750-810s.wav`,
      rttm: `${AUDIO}/ami_es2004a_excerpt/ES2004a_750-810s.rttm`,
      speakers: 4,
    },
    ...sdm.map((f) => ({
      name: `AMI SDM ${f}`,
      path: `${AUDIO}/ami_sdm_excerpts/${f}.wav`,
      rttm: `${AUDIO}/ami_sdm_excerpts/${f}.rttm`,
      speakers: 4,
    })),
  ];
}

/** Every single-speaker recording of the test data. */
export function singleSpeakerRecordings(): EvalRecording[] {
  const librivox = `${AUDIO}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;
  return [
    { name: 'jfk.wav', path: `${AUDIO}/jfk/jfk.wav`, speakers: 1 },
    { name: 'jfk.flac', path: `${AUDIO}/jfk/jfk.flac`, speakers: 1 },
    ...[870, 880, 890, 920, 930].map((n) => ({
      name: `librivox-0${n}.wav`,
      path: `${librivox}${n}.wav`,
      speakers: 1,
    })),
    {
      name: 'AMI ES2011a 40-46 s (headset)',
      path: `${AUDIO}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav`,
      speakers: 1,
    },
  ];
}

/** A diarizer under evaluation: today's {@link diarize} or another (e.g. an older version). */
export type Diarizer = (
  pcm: Float32Array,
  regions: { start: number; end: number }[],
  options: DiarizationOptions,
) => Promise<DiarizationResult>;

/** The outcome of diarizing one recording. */
export interface DiarizationScore {
  speakers: number;
  /** DER with a 0.25 s collar (0..; NaN without a reference). */
  der: number;
}

/** Diarizes decoded audio (Summy's VAD, then `diarizer`) and scores it against `reference`. */
export async function scoreOne(
  pcm: Float32Array,
  reference: SpeakerSpan[] | null,
  options: DiarizationOptions = {},
  diarizer: Diarizer = diarize,
): Promise<DiarizationScore> {
  const { regions } = detectSpeech(pcm, 16_000);
  const result = await diarizer(pcm, regions, options);
  const hypothesis = result.segments.map((s) => ({ ...s, speaker: `S${s.speaker}` }));
  const der = reference ? scoreDiarization(reference, hypothesis, { collarS: 0.25 }).der : NaN;
  return { speakers: result.speakerCount, der };
}

/**
 * Embedding windows (s) the leave-one-out chooses from: the settings that are constants rather
 * than estimated per recording (speaker count and graph pruning are).
 */
export const WINDOW_CHOICES = [1.5, 2, 3];

/** One held-out recording of {@link leaveOneOut}. */
export interface HeldOut extends DiarizationScore {
  name: string;
  reference: number;
  /** Window chosen on the other recordings (s). */
  windowS: number;
}

/**
 * Leave-one-out over `recordings` (each with an RTTM): every window of {@link WINDOW_CHOICES}
 * is run on every recording once; for each recording, the window with the lowest mean DER on
 * the others is chosen and the recording's own score with it is reported.
 */
export async function leaveOneOut(
  recordings: EvalRecording[],
  diarizer: Diarizer = diarize,
): Promise<HeldOut[]> {
  const scores: DiarizationScore[][] = [];
  for (const rec of recordings) {
    const pcm = await decodeToPcm(rec.path);
    const reference = parseRttm(readFileSync(rec.rttm!, 'utf8'));
    const row: DiarizationScore[] = [];
    for (const windowS of WINDOW_CHOICES)
      row.push(await scoreOne(pcm, reference, { windowS }, diarizer));
    scores.push(row);
  }
  return recordings.map((rec, held) => {
    let best = 0;
    let bestMean = Infinity;
    WINDOW_CHOICES.forEach((_, w) => {
      const others = scores.filter((_, r) => r !== held).map((row) => row[w]!.der);
      const mean = others.reduce((a, b) => a + b, 0) / others.length;
      if (mean < bestMean) {
        bestMean = mean;
        best = w;
      }
    });
    return {
      name: rec.name,
      reference: rec.speakers,
      windowS: WINDOW_CHOICES[best]!,
      ...scores[held]![best]!,
    };
  });
}

/**
 * A ~`totalS`-second conversation of two real people: FEE013 and FEE016 of AMI ES2004a, the
 * two speakers with the most speech in the excerpt (both women, same room and headsets, so the
 * harder pair), each cut from their own headset track (`sources/`) where the RTTM has them
 * speaking alone. Turns alternate, 3 to 11 s long (a fixed cycle), taken in order around
 * each speaker's ~24 s of speech so that repeats start at different points; 0.4 s of silence
 * between turns. Decoded with ffmpeg; deterministic.
 * @returns 16 kHz mono PCM and the reference turns (speaker names as in AMI)
 */
export async function twoSpeakerConversation(
  totalS = 540,
): Promise<{ pcm: Float32Array; reference: SpeakerSpan[] }> {
  const dir = `${AUDIO}/ami_es2004a_excerpt`;
  const turns = parseRttm(readFileSync(`${dir}/ES2004a_750-810s.rttm`, 'utf8'));
  const rate = 16_000;
  const speakers = ['FEE013', 'FEE016'];
  const pools: Float32Array[] = [];
  for (const who of speakers) {
    const track = await decodeToPcm(`${dir}/sources/${who}.wav`);
    const pieces: Float32Array[] = [];
    for (const own of turns.filter((t) => t.speaker === who)) {
      // The turn minus every other speaker's turns: this speaker alone.
      let parts = [{ start: own.start, end: own.end }];
      for (const other of turns.filter((t) => t.speaker !== who)) {
        parts = parts.flatMap((p) =>
          other.end <= p.start || other.start >= p.end
            ? [p]
            : [
                { start: p.start, end: other.start },
                { start: other.end, end: p.end },
              ].filter((q) => q.end - q.start > 0),
        );
      }
      for (const p of parts.filter((q) => q.end - q.start >= 1))
        pieces.push(track.slice(Math.round(p.start * rate), Math.round(p.end * rate)));
    }
    const pool = new Float32Array(pieces.reduce((sum, p) => sum + p.length, 0));
    let at = 0;
    for (const p of pieces) {
      pool.set(p, at);
      at += p.length;
    }
    pools.push(pool);
  }
  const gap = Math.round(0.4 * rate);
  const pcm = new Float32Array(Math.ceil((totalS + 12) * rate));
  const reference: SpeakerSpan[] = [];
  const offsets = [0, 0];
  let at = 0;
  for (let turn = 0; at < totalS * rate; turn++) {
    const who = turn % 2;
    const pool = pools[who]!;
    const length = Math.round((3 + ((turn * 5) % 9)) * rate);
    for (let i = 0; i < length; i++) pcm[at + i] = pool[(offsets[who]! + i) % pool.length]!;
    offsets[who] = (offsets[who]! + length) % pool.length;
    reference.push({ start: at / rate, end: (at + length) / rate, speaker: speakers[who]! });
    at += length + gap;
  }
  return { pcm: pcm.subarray(0, at), reference };
}

/**
 * The diarizer of an older commit, for measuring it beside today's in the same run: the offline
 * provider's folder at `ref` is written under node_modules/.cache (so its imports, e.g.
 * fft.js, resolve from the repository) and its `diarize` imported.
 * @param ref a git revision, e.g. `main`
 * @throws when git cannot show the folder at `ref`
 */
export async function diarizerAt(ref: string): Promise<Diarizer> {
  const { execFileSync } = await import('node:child_process');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const root = path.resolve(import.meta.dirname, '../..');
  const folder = 'apps/server/src/providers/stt/offline';
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' });
  const out = path.join(root, 'node_modules/.cache/summy-diarizer', sha.trim());
  mkdirSync(out, { recursive: true });
  const files = execFileSync('git', ['ls-tree', '--name-only', `${ref}:${folder}`], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const name of files.split('\n').filter((f) => f.endsWith('.ts'))) {
    const text = execFileSync('git', ['show', `${ref}:${folder}/${name}`], { cwd: root });
    writeFileSync(path.join(out, name), text);
  }
  const module = (await import(path.join(out, 'diarize.ts'))) as { diarize: Diarizer };
  return module.diarize;
}
