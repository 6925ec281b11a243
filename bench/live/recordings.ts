/**
 * The live bench's recordings: real clips of testdata/audio with their reference words and where
 * their utterances end, put one after another (2 s of silence between) into a meeting, encoded as
 * MediaRecorder-like 1 s WebM chunks.
 *
 * Utterance ends: the AMI clip's reference segments (`start<TAB>end<TAB>speaker<TAB>WORDS`); the
 * other clips have words but no timings, so their ends are the ends of the speech regions that
 * silero (or the energy detector when silero's model is missing) finds in the clean clip.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { webmChunksOf } from '@summy/fakes/audio';
import {
  decodeToPcm,
  SPEECH_SAMPLE_RATE,
  writeWav16k,
} from '../../apps/server/src/audio/ffmpeg.ts';
import { sileroSpeechRegions } from '../../apps/server/src/audio/silero-vad.ts';
import { detectSpeech } from '../../apps/server/src/providers/stt/offline/vad.ts';
import { AUDIO_DIR } from '../../testdata/index.ts';
import { placeClips, type Timeline } from './score.ts';

/** Silence before each clip and after the last (s). */
export const GAP_S = 2;

/** A clip with its reference. */
export interface Clip {
  name: string;
  pcm: Float32Array;
  text: string;
  durationS: number;
  ends: number[];
  /** Where `ends` come from. */
  endsFrom: 'reference' | 'silero' | 'energy';
}

/** A bench meeting: its clips in order, the timeline, the reference words and the chunks. */
export interface BenchRecording {
  name: string;
  clips: Clip[];
  timeline: Timeline;
  text: string;
  chunks: Buffer[];
}

const LIBRIVOX = `${AUDIO_DIR}/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0`;
const AMI = `${AUDIO_DIR}/ami_es2011a_clip/ES2011a.Headset-0-40s-46s`;

async function clipWithDetectedEnds(name: string, wav: string, text: string): Promise<Clip> {
  const pcm = await decodeToPcm(wav);
  const silero = sileroSpeechRegions(pcm);
  const regions = silero ?? detectSpeech(pcm, SPEECH_SAMPLE_RATE).regions;
  return {
    name,
    pcm,
    text: text.trim(),
    durationS: pcm.length / SPEECH_SAMPLE_RATE,
    ends: regions.map((r) => r.end),
    endsFrom: silero ? 'silero' : 'energy',
  };
}

/** The clips with reference words: jfk, the AMI clip and five LibriVox sentences. */
export async function loadClips(): Promise<Record<string, Clip>> {
  const lines = readFileSync(`${AMI}.txt`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
  const amiPcm = await decodeToPcm(`${AMI}.wav`);
  const clips: Clip[] = [
    await clipWithDetectedEnds(
      'jfk',
      `${AUDIO_DIR}/jfk/jfk.wav`,
      readFileSync(`${AUDIO_DIR}/jfk/jfk.txt`, 'utf8'),
    ),
    {
      name: 'ami',
      pcm: amiPcm,
      text: lines.map((l) => l[3] ?? '').join(' '),
      durationS: amiPcm.length / SPEECH_SAMPLE_RATE,
      ends: lines.map((l) => Number(l[1])),
      endsFrom: 'reference',
    },
  ];
  for (const n of [870, 880, 890, 920, 930]) {
    const file = `${LIBRIVOX}${n}`;
    clips.push(
      await clipWithDetectedEnds(
        `reader-0${n}`,
        `${file}.wav`,
        readFileSync(`${file}.txt`, 'utf8'),
      ),
    );
  }
  return Object.fromEntries(clips.map((c) => [c.name, c]));
}

/** Builds one meeting's audio from `clips` and cuts it into 1 s WebM chunks under `dir`. */
export async function buildRecording(
  name: string,
  clips: Clip[],
  dir: string,
): Promise<BenchRecording> {
  const timeline = placeClips(clips, GAP_S);
  const pcm = new Float32Array(Math.ceil(timeline.durationS * SPEECH_SAMPLE_RATE));
  clips.forEach((c, i) => pcm.set(c.pcm, Math.round(timeline.offsets[i]! * SPEECH_SAMPLE_RATE)));
  const wav = path.join(dir, `${name}.wav`);
  await writeWav16k(pcm, wav);
  const chunks = await webmChunksOf(wav, path.join(dir, `${name}.webm`));
  return { name, clips, timeline, text: clips.map((c) => c.text).join(' '), chunks };
}
