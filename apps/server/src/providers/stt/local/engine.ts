/**
 * The local speech engine's work, run inside its worker process (./worker.ts): decode the audio to
 * 16 kHz mono with ffmpeg, find speech with Summy's VAD, recognize each speech segment with a
 * sherpa-onnx offline recognizer, turn token timestamps into word timings, and find speaker turns:
 * with a speaker segmentation model and a speaker embedding model installed, from sherpa-onnx's
 * OfflineSpeakerDiarization (pyannote segmentation, overlaps and quick turns included;
 * ./segmentation.ts); with only the embedding model, from neural speaker embeddings of fixed
 * windows (sherpa-onnx SpeakerEmbeddingExtractor) clustered by Summy's NME-SC spectral
 * clustering; with neither, from Summy's MFCC embeddings. The embedding model's windows also
 * give each speaker's voiceprint.
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
  type SpeakerSegment,
  type SpeakerWindow,
} from '../offline/diarize.ts';
import { buildResult } from '../offline/offline-provider.ts';
import { findSpeechRegions, type RegionDetector } from '../offline/speech-regions.ts';
import type { SpeechRegion, VadOptions } from '../offline/vad.ts';
import { diarizationConfig, turnsFromSegments } from './segmentation.ts';
import { primaryLanguage } from './select-models.ts';
import { meanSpeakerEmbeddings } from './speaker-voices.ts';
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
  /**
   * The speaker segmentation model (pyannote); used only with `embedding`, which it needs to
   * tell the speakers of its windows apart.
   */
  segmentation?: LocalModelFiles;
  /**
   * How many people take part, when known (a calendar event's attendees): at most that many
   * speakers come out (the windowed path: from 2).
   */
  speakerCount?: number;
  /**
   * Longest recording (s) diarized with the segmentation model; longer ones use the windowed
   * path; default 3600 (see {@link MAX_SEGMENTATION_S}).
   */
  maxSegmentationS?: number;
  /** onnxruntime threads per model; default all cores. */
  threads?: number;
  /** Longest speech segment given to the recognizer at once (s); default 25. */
  maxSegmentS?: number;
  vad?: VadOptions;
  /** What finds the speech regions; default as the offline provider (../offline/speech-regions.ts). */
  detector?: RegionDetector;
}

/** What the worker is doing, reported before each step. */
export type LocalStage =
  'decode' | 'load-recognizer' | 'recognize' | 'load-embedding' | 'load-segmentation' | 'diarize';

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

/**
 * Longest recording (s) given to the segmentation path by default. sherpa-onnx embeds each local
 * speaker of every 10 s window (one window per second, up to 3 speakers each) and clusters all
 * those embeddings with a full distance matrix: n(n-1)/2 doubles. An hour gives about 7,200
 * embeddings (two speakers per window), about 200 MB, and at most 10,800 (470 MB); two hours
 * four times that, too much beside a loaded recognizer on a small server. Longer recordings use
 * the windowed path, whose clustering is capped at 300 windows.
 */
export const MAX_SEGMENTATION_S = 3600;

/** Progress reached after decoding, after recognition, after diarization. */
const DECODED = 0.05;
const RECOGNIZED = 0.8;

/**
 * Runs a job and answers Summy's TranscriptionResult: words with times (s) in order, speakers
 * numbered 0, 1, ... by first appearance, turns and utterances, `language` as asked, `duration`
 * of the decoded audio (s); confidence 1 (sherpa-onnx reports no token probabilities); with an
 * embedding model, `speakerEmbeddings` (each speaker's voiceprint).
 * @param send receives stages and progress fractions (0..1); a model is loaded right after the
 *   stage naming it ('load-recognizer', 'load-embedding', 'load-segmentation')
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

  const vad = findSpeechRegions(pcm, { detector: job.detector, vad: job.vad });
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

  let speakers: SpeakerSegment[];
  const windows: SpeakerWindow[] = [];
  if (job.embedding) {
    send({ type: 'stage', stage: 'load-embedding', model: job.embedding.id });
    const extractor = new (sherpa().SpeakerEmbeddingExtractor)({
      model: job.embedding.paths.model!,
      numThreads: threads,
      debug: 0,
    });
    send({ type: 'stage', stage: 'diarize', model: job.embedding.id });
    // The windows give the voiceprints on every path, and the turns on the windowed one.
    windows.push(...embedWindows(extractor, pcm, vad.regions));
    if (job.segmentation && durationS <= (job.maxSegmentationS ?? MAX_SEGMENTATION_S)) {
      speakers = segmentedTurns(pcm, job.segmentation, job.embedding, threads, job, send);
    } else {
      // The count as a cap only: NME-SC still estimates it, and cannot be asked for one cluster.
      const cap =
        job.speakerCount && job.speakerCount >= 2 ? { maxClusters: job.speakerCount } : {};
      speakers = (await clusterSegments(windows, cap)).segments;
    }
  } else {
    send({ type: 'stage', stage: 'diarize' });
    speakers = (await diarize(pcm, vad.regions, { sampleRate: SPEECH_SAMPLE_RATE })).segments;
  }
  send({ type: 'progress', fraction: 0.95 });
  const result = buildResult(assignSpeakers(words, speakers), durationS, job.language);
  if (job.embedding && windows.length > 0) {
    result.speakerEmbeddings = meanSpeakerEmbeddings(windows, result.words, job.embedding.id);
  }
  return result;
}

/**
 * Speaker embeddings of the {@link speakerWindows} of `regions`: one vector per window long enough
 * for the extractor, in time order.
 * @param pcm mono samples at 16 kHz
 */
export function embedWindows(
  extractor: SherpaOnnx.SpeakerEmbeddingExtractor,
  pcm: Float32Array,
  regions: SpeechRegion[],
): SpeakerWindow[] {
  const windows: SpeakerWindow[] = [];
  for (const w of speakerWindows(regions)) {
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
  return windows;
}

/**
 * Speaker turns of the whole recording from sherpa-onnx's OfflineSpeakerDiarization with the
 * job's segmentation and embedding models (./segmentation.ts): non-overlapping, in time order (s).
 * @throws Error naming the segmentation model when it expects another sample rate than 16 kHz
 */
function segmentedTurns(
  pcm: Float32Array,
  segmentation: LocalModelFiles,
  embedding: LocalModelFiles,
  threads: number,
  job: Pick<LocalJob, 'speakerCount'>,
  send: (message: WorkerMessage) => void,
): SpeakerSegment[] {
  send({ type: 'stage', stage: 'load-segmentation', model: segmentation.id });
  const diarizer = new (sherpa().OfflineSpeakerDiarization)(
    diarizationConfig(segmentation.paths.model!, embedding.paths.model!, threads),
  );
  if (diarizer.sampleRate !== SPEECH_SAMPLE_RATE) {
    throw new Error(
      `the speaker segmentation model '${segmentation.id}' expects ${diarizer.sampleRate} Hz audio, not ${SPEECH_SAMPLE_RATE} Hz`,
    );
  }
  send({ type: 'stage', stage: 'diarize', model: segmentation.id });
  let segments = diarizer.process(pcm);
  // The attendee count is a cap, not a target: invitees who stay silent or miss the meeting must
  // not split someone's voice in two. Only when the threshold found more voices than people were
  // invited is the clustering run again for exactly that many.
  const cap = job.speakerCount;
  if (cap && cap >= 1 && new Set(segments.map((s) => s.speaker)).size > cap) {
    diarizer.setConfig({ clustering: diarizationConfig('', '', threads, cap).clustering! });
    segments = diarizer.process(pcm);
  }
  return turnsFromSegments(segments);
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
