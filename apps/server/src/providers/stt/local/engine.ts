/**
 * The local speech engine's work, run inside its worker process (./worker.ts): decode the audio to
 * 16 kHz mono with ffmpeg, find speech with Summy's VAD, recognize each speech segment with a
 * sherpa-onnx offline recognizer, turn token timestamps into word timings, and find speaker turns
 * from neural speaker embeddings (sherpa-onnx SpeakerEmbeddingExtractor) clustered by Summy's
 * NME-SC spectral clustering — or from Summy's MFCC embeddings when no embedding model is
 * installed.
 *
 * It loads native code that can end the process on a bad model file (onnxruntime throws a C++
 * exception through sherpa-onnx, which aborts), so it never runs in the server's own process;
 * it reports each stage first, so the server can name the model that was loading when the
 * worker died.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import type { ModelFamily, TranscriptionResult } from '@summy/core';
import { decodeToPcm, probeAudio, SPEECH_SAMPLE_RATE } from '../../../audio/ffmpeg.ts';
import {
  assignSpeakers,
  clusterSegments,
  diarize,
  type SpeakerWindow,
} from '../offline/diarize.ts';
import { buildResult } from '../offline/offline-provider.ts';
import { detectSpeech, type SpeechRegion, type VadOptions } from '../offline/vad.ts';
import { primaryLanguage } from './select-models.ts';
import { wordsFromResult, type TimedWord } from './words.ts';

type Sherpa = typeof SherpaOnnx;
let addon: Sherpa | undefined;
/** The native addon (CommonJS): loaded on first use, only inside the worker process. */
function sherpa(): Sherpa {
  addon ??= createRequire(import.meta.url)('sherpa-onnx-node') as Sherpa;
  return addon;
}

/** One model as the worker needs it: catalog id, family and absolute file paths by role. */
export interface LocalModelFiles {
  id: string;
  family: ModelFamily;
  paths: Record<string, string>;
}

/** What the server asks the worker to do. */
export interface LocalJob {
  /** Absolute path of the audio (any format ffmpeg reads). */
  path: string;
  /** BCP-47 language of the speech, e.g. 'en' or 'de-AT'. */
  language: string;
  recognizer: LocalModelFiles;
  /** The speaker embedding model; absent: Summy's MFCC embeddings. */
  embedding?: LocalModelFiles;
  /** onnxruntime threads per model; default all cores. */
  threads?: number;
  /** Longest speech segment given to the recognizer at once (s); default 25. */
  maxSegmentS?: number;
  vad?: VadOptions;
}

/** What the worker is doing, reported before each step. */
export type LocalStage = 'decode' | 'load-recognizer' | 'recognize' | 'load-embedding' | 'diarize';

/** Messages from the worker to the server, in order: stages and progress, then one outcome. */
export type WorkerMessage =
  | { type: 'stage'; stage: LocalStage; model?: string }
  | { type: 'progress'; fraction: number }
  | { type: 'result'; result: TranscriptionResult }
  | { type: 'error'; kind: 'audio' | 'failed'; message: string };

/** Speaker embedding windows: length and step (s); shorter regions down to 0.5 s get one window. */
const WINDOW_S = 2;
const HOP_S = 1;
const MIN_WINDOW_S = 0.5;

/** Progress reached after decoding, after recognition, after diarization. */
const DECODED = 0.05;
const RECOGNIZED = 0.8;

/**
 * Runs a job and answers Summy's TranscriptionResult: words with times (s) in order, speakers
 * numbered 0, 1, ... by first appearance, turns and utterances, `language` as asked, `duration`
 * of the decoded audio (s); confidence 1 (sherpa-onnx reports no token probabilities).
 * @param send receives stages and progress fractions (0..1)
 * @throws AudioProbeError for unreadable or non-audio input; ProcessError when ffmpeg fails;
 *   Error from sherpa-onnx ('Please check your config!') when a model file is missing
 */
export async function runLocalJob(
  job: LocalJob,
  send: (message: WorkerMessage) => void,
): Promise<TranscriptionResult> {
  const threads = job.threads ?? Math.max(1, os.cpus().length);
  send({ type: 'stage', stage: 'decode' });
  const info = await probeAudio(job.path, { allowTruncated: true });
  const pcm = await decodeToPcm(job.path, {
    sampleRate: SPEECH_SAMPLE_RATE,
    expectedDurationS: info.durationS,
  });
  const durationS = pcm.length / SPEECH_SAMPLE_RATE;
  send({ type: 'progress', fraction: DECODED });

  const vad = detectSpeech(pcm, SPEECH_SAMPLE_RATE, job.vad);
  // The recognizer loads even for silence, so a broken model fails on every upload alike.
  send({ type: 'stage', stage: 'load-recognizer', model: job.recognizer.id });
  const recognizer = new (sherpa().OfflineRecognizer)(recognizerConfig(job, threads));
  if (vad.regions.length === 0) return buildResult([], durationS, job.language);

  send({ type: 'stage', stage: 'recognize', model: job.recognizer.id });
  const segments = splitLongRegions(
    vad.regions,
    job.maxSegmentS ?? 25,
    vad.frameEnergyDb,
    vad.frameS,
  );
  const total = segments.reduce((sum, s) => sum + (s.end - s.start), 0);
  let done = 0;
  const words: TimedWord[] = [];
  for (const segment of segments) {
    const s0 = Math.round(segment.start * SPEECH_SAMPLE_RATE);
    const s1 = Math.min(pcm.length, Math.round(segment.end * SPEECH_SAMPLE_RATE));
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: pcm.slice(s0, s1), sampleRate: SPEECH_SAMPLE_RATE });
    recognizer.decode(stream);
    words.push(
      ...wordsFromResult(
        recognizer.getResult(stream),
        s0 / SPEECH_SAMPLE_RATE,
        s1 / SPEECH_SAMPLE_RATE,
      ),
    );
    done += segment.end - segment.start;
    send({ type: 'progress', fraction: DECODED + ((RECOGNIZED - DECODED) * done) / total });
  }

  let speakers;
  if (job.embedding) {
    send({ type: 'stage', stage: 'load-embedding', model: job.embedding.id });
    const extractor = new (sherpa().SpeakerEmbeddingExtractor)({
      model: job.embedding.paths.model!,
      numThreads: threads,
      debug: 0,
    });
    send({ type: 'stage', stage: 'diarize', model: job.embedding.id });
    const windows: SpeakerWindow[] = [];
    for (const w of speakerWindows(vad.regions)) {
      const stream = extractor.createStream();
      const s0 = Math.round(w.start * SPEECH_SAMPLE_RATE);
      const s1 = Math.min(pcm.length, Math.round(w.end * SPEECH_SAMPLE_RATE));
      stream.acceptWaveform({ samples: pcm.slice(s0, s1), sampleRate: SPEECH_SAMPLE_RATE });
      stream.inputFinished();
      // A copy: the addon's array may point into native memory that the next call reuses.
      if (extractor.isReady(stream)) {
        windows.push({ ...w, vector: Float32Array.from(extractor.compute(stream)) });
      }
    }
    speakers = await clusterSegments(windows);
  } else {
    send({ type: 'stage', stage: 'diarize' });
    speakers = await diarize(pcm, vad.regions, { sampleRate: SPEECH_SAMPLE_RATE });
  }
  send({ type: 'progress', fraction: 0.95 });
  return buildResult(assignSpeakers(words, speakers.segments), durationS, job.language);
}

/**
 * The sherpa-onnx configuration of the job's recognizer by family (the catalog's file roles).
 * NeMo transducers read their feature size from the model; NeMo CTC models use 80 mel bins.
 * @throws Error for a family the engine cannot run as a recognizer
 */
export function recognizerConfig(job: Pick<LocalJob, 'recognizer' | 'language'>, threads: number) {
  const p = job.recognizer.paths;
  const language = primaryLanguage(job.language);
  const common = { tokens: p.tokens!, numThreads: threads, debug: 0 };
  const featConfig = { sampleRate: SPEECH_SAMPLE_RATE, featureDim: 80 };
  switch (job.recognizer.family) {
    case 'nemo-ctc':
      return { featConfig, modelConfig: { ...common, nemoCtc: { model: p.model! } } };
    case 'nemo-transducer':
      return {
        featConfig,
        modelConfig: {
          ...common,
          modelType: 'nemo_transducer',
          transducer: { encoder: p.encoder!, decoder: p.decoder!, joiner: p.joiner! },
        },
      };
    case 'whisper':
      return {
        featConfig,
        modelConfig: {
          ...common,
          whisper: { encoder: p.encoder!, decoder: p.decoder!, language, task: 'transcribe' },
        },
      };
    case 'moonshine':
      return {
        featConfig,
        modelConfig: {
          ...common,
          moonshine: {
            preprocessor: p.preprocessor!,
            encoder: p.encoder!,
            uncachedDecoder: p.uncachedDecoder!,
            cachedDecoder: p.cachedDecoder!,
          },
        },
      };
    case 'sense-voice':
      return {
        featConfig,
        modelConfig: {
          ...common,
          senseVoice: { model: p.model!, language, useInverseTextNormalization: 1 },
        },
      };
    default:
      throw new Error(`A ${job.recognizer.family} model is not a speech recognizer`);
  }
}

/**
 * Cuts regions longer than `maxS` into nearly equal pieces, each cut moved to the quietest
 * frame within 2 s of its even position, so a cut rarely falls inside a word.
 * @param frameEnergyDb the VAD's frame energies (dB), frame `i` at `i * frameS` seconds
 */
export function splitLongRegions(
  regions: SpeechRegion[],
  maxS: number,
  frameEnergyDb: ArrayLike<number>,
  frameS: number,
): SpeechRegion[] {
  const out: SpeechRegion[] = [];
  for (const region of regions) {
    const pieces = Math.ceil((region.end - region.start) / maxS);
    let start = region.start;
    for (let i = 1; i < pieces; i++) {
      const even = region.start + ((region.end - region.start) * i) / pieces;
      let best = even;
      let quietest = Infinity;
      const from = Math.max(start + 1, even - 2);
      const to = Math.min(region.end - 1, even + 2, start + maxS);
      for (let f = Math.ceil(from / frameS); f * frameS <= to && f < frameEnergyDb.length; f++) {
        if (frameEnergyDb[f]! < quietest) {
          quietest = frameEnergyDb[f]!;
          best = f * frameS;
        }
      }
      out.push({ start, end: best });
      start = best;
    }
    out.push({ start, end: region.end });
  }
  return out;
}

/**
 * Overlapping windows for speaker embeddings inside each speech region: 2 s every 1 s, evenly
 * spread to fill the region; a region of 0.5 to 2 s is one window; shorter regions get none.
 * Each window's core (the part it speaks for) runs between the midpoints of its neighbours'
 * centres, and the region's first and last windows reach its edges.
 */
export function speakerWindows(regions: SpeechRegion[]): Omit<SpeakerWindow, 'vector'>[] {
  const out: Omit<SpeakerWindow, 'vector'>[] = [];
  for (const { start: a, end: b } of regions) {
    const length = b - a;
    if (length < MIN_WINDOW_S) continue;
    if (length <= WINDOW_S) {
      out.push({ start: a, end: b, coreStart: a, coreEnd: b });
      continue;
    }
    const n = Math.ceil((length - WINDOW_S) / HOP_S) + 1;
    const step = (length - WINDOW_S) / (n - 1);
    for (let i = 0; i < n; i++) {
      const start = a + i * step;
      const centre = start + WINDOW_S / 2;
      out.push({
        start,
        end: start + WINDOW_S,
        coreStart: i === 0 ? a : centre - step / 2,
        coreEnd: i === n - 1 ? b : centre + step / 2,
      });
    }
  }
  return out;
}
