/**
 * The offline speech-to-text default: CMU PocketSphinx 0.8 for the words, Summy's own voice
 * activity detection (VAD) and diarization for the speakers. Needs only the Debian packages
 * `ffmpeg`, `pocketsphinx` and `pocketsphinx-en-us`; no network, no model download. Accuracy is
 * modest (see docs/performance.md, "Speech-to-text"); an OpenAI-compatible server such as a local
 * Whisper is the way to accurate transcripts.
 *
 * Flow: probe and decode to 16 kHz mono (ffmpeg) → VAD (./speech-regions.ts) → in parallel, PocketSphinx on parts of
 * the speech (one process per core) and diarization in this process → words get speakers →
 * Summy's `TranscriptionResult`.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { turnsToUtterances, wordsToTurns, type TranscriptionResult, type Word } from '@summy/core';
import {
  AudioProbeError,
  decodeToPcm,
  probeAudio,
  SPEECH_SAMPLE_RATE,
  writeWav16k,
} from '../../../audio/ffmpeg.ts';
import { isAbortError, ProcessError } from '../../../audio/process.ts';
import { SttError, type SttInput, type SttProvider } from '../types.ts';
import {
  assignSpeakers,
  diarize,
  type DiarizationOptions,
  type DiarizationResult,
} from './diarize.ts';
import {
  partTimeToSource,
  planParts,
  recognizeWav,
  spliceSpans,
  type RecognitionPart,
} from './pocketsphinx.ts';
import { findSpeechRegions, type RegionDetector } from './speech-regions.ts';
import type { VadOptions } from './vad.ts';

/** Configuration of {@link OfflineSttProvider}; every field has a working default. */
export interface OfflineSttOptions {
  /** PocketSphinx processes at once; default `os.cpus().length`. */
  concurrency?: number;
  /** Longest recognition part (s); default 60. */
  maxPartS?: number;
  /** Pauses shorter than this stay inside a part rather than being cut out (s); default 1. */
  joinGapS?: number;
  /** Speech of the previous part repeated before each part as context (s); default 3. */
  leadInS?: number;
  /** PocketSphinx program; default 'pocketsphinx_continuous'. */
  pocketsphinxCommand?: string;
  /** Extra PocketSphinx arguments (another model: `-hmm`, `-lm`, `-dict`). */
  pocketsphinxArgs?: string[];
  /**
   * Folder for the parts' WAV files (created when missing); the server passes its scratch folder
   * under DATA_DIR (storage/scratch.ts). Default `os.tmpdir()`, for benchmarks and tests only.
   */
  tmpDir?: string;
  vad?: VadOptions;
  /**
   * What finds the speech regions (recognition and diarization both use them): 'silero' or
   * 'energy'; default DEFAULT_REGION_DETECTOR (./speech-regions.ts). Silero falls back to the
   * energy detector when its model is missing or refused.
   */
  detector?: RegionDetector;
  /** The silero model file; default the one installed by scripts/silero-vad.sh. */
  sileroModel?: string;
  diarization?: DiarizationOptions;
}

/**
 * Real-time factor (wall-clock s per audio s) assumed before any transcription was timed: 0.5,
 * above the 0.19 to 0.44 measured on 5 minutes on 2 cores (docs/performance.md), since a busy
 * machine is slower.
 */
export const DEFAULT_OFFLINE_RTF = 0.5;
/** Recordings shorter than this (s) do not update the measured speed: start-up dominates them. */
const MIN_TIMED_AUDIO_S = 30;
/** Fixed cost of a transcription (s): probing, decoding, process start-up. */
const FIXED_COST_S = 2;

/** Share of the progress bar each stage covers (decode, recognition, the end). */
const PROGRESS_DECODED = 0.05;
const PROGRESS_RECOGNISED = 0.95;

/**
 * Offline speech-to-text with speaker separation.
 *
 * `transcribe` answers Summy's `TranscriptionResult`: words (s, confidence 0..1 from
 * PocketSphinx's posteriors, 0-based speaker numbered by first appearance), speaker turns
 * (`wordsToTurns`), one utterance per turn, `language` 'en' (the installed model is US
 * English whatever was asked), `duration` (s) of the decoded audio and the mean word
 * confidence; `summary` null, no topics, intents or sentiment. Audio without speech gives
 * empty `text` and no words.
 *
 * Errors: SttError 'timeout' when `input.signal` aborts (every child process is gone by
 * then); SttError 'failed' with details for unreadable or non-audio input and for a failing
 * ffmpeg or PocketSphinx (e.g. not installed).
 */
export class OfflineSttProvider implements SttProvider {
  readonly id = 'offline' as const;
  private readonly options: OfflineSttOptions;
  /** Real-time factor measured on this machine: a moving average of past transcriptions. */
  private rtf = DEFAULT_OFFLINE_RTF;

  constructor(options: OfflineSttOptions = {}) {
    this.options = options;
  }

  /**
   * Expected seconds for `audioS` seconds of audio: a fixed 2 s plus the audio times the
   * real-time factor, 0.5 until measured, then the moving average (weight 0.3 for the newest)
   * of transcriptions of 30 s or more in this process, never below 0.15.
   */
  estimateSeconds(audioS: number): number {
    return FIXED_COST_S + audioS * this.rtf;
  }

  async transcribe(input: SttInput): Promise<TranscriptionResult> {
    const started = performance.now();
    try {
      const result = await this.run(input);
      if (result.duration >= MIN_TIMED_AUDIO_S) {
        const measured = (performance.now() - started) / 1000 / result.duration;
        this.rtf = Math.max(0.15, 0.7 * this.rtf + 0.3 * measured);
      }
      return result;
    } catch (err) {
      if (err instanceof SttError) throw err;
      if (isAbortError(err) || input.signal?.aborted) {
        throw new SttError('timeout', 'Offline transcription was stopped before it finished');
      }
      if (err instanceof AudioProbeError) throw new SttError('failed', err.message);
      if (err instanceof ProcessError) {
        throw new SttError('failed', `Offline speech-to-text failed: ${err.message}`);
      }
      throw new SttError('failed', err instanceof Error ? err.message : String(err));
    }
  }

  private async run(input: SttInput): Promise<TranscriptionResult> {
    const { signal } = input;
    const report = (fraction: number) => input.onProgress?.(Math.min(1, Math.max(0, fraction)));
    signal?.throwIfAborted();
    const info = await probeAudio(input.path, { signal, allowTruncated: true });
    const pcm = await decodeToPcm(input.path, {
      sampleRate: SPEECH_SAMPLE_RATE,
      expectedDurationS: info.durationS,
      signal,
    });
    const durationS = pcm.length / SPEECH_SAMPLE_RATE;
    report(PROGRESS_DECODED);

    const vad = findSpeechRegions(pcm, {
      detector: this.options.detector,
      sileroModel: this.options.sileroModel,
      vad: this.options.vad,
    });
    if (vad.regions.length === 0) {
      report(1);
      return buildResult([], durationS);
    }

    const concurrency = this.options.concurrency ?? Math.max(1, os.cpus().length);
    const parts = planParts(vad.regions, durationS, {
      concurrency,
      maxPartS: this.options.maxPartS,
      joinGapS: this.options.joinGapS,
      leadInS: this.options.leadInS,
      frameEnergyDb: vad.frameEnergyDb,
      frameS: vad.frameS,
    });

    // Both run at once: the children use the cores while this process embeds and clusters.
    const inner = new AbortController();
    const stop = () => inner.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    const checkpoint = async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      inner.signal.throwIfAborted();
    };
    try {
      // The first failure stops the other branch; allSettled then waits until it has wound down
      // (its child processes killed) before the error goes up.
      let firstFailure: { error: unknown } | null = null;
      const stopOnFailure = (err: unknown): never => {
        firstFailure ??= { error: err };
        inner.abort(err);
        throw err;
      };
      const recognition = this.recognize(pcm, parts, concurrency, inner.signal, (done) =>
        report(PROGRESS_DECODED + (PROGRESS_RECOGNISED - PROGRESS_DECODED) * done),
      ).catch(stopOnFailure);
      const diarization = diarize(pcm, vad.regions, {
        ...this.options.diarization,
        sampleRate: SPEECH_SAMPLE_RATE,
        checkpoint,
      }).catch(stopOnFailure);
      const settled = await Promise.allSettled([recognition, diarization]);
      if (firstFailure) throw (firstFailure as { error: unknown }).error;
      const words = (settled[0] as PromiseFulfilledResult<Word[]>).value;
      const speakers = (settled[1] as PromiseFulfilledResult<DiarizationResult>).value;
      const result = buildResult(assignSpeakers(words, speakers.segments), durationS);
      report(1);
      return result;
    } catch (err) {
      inner.abort(err);
      throw err;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * Runs PocketSphinx on every part, `concurrency` at a time, and returns the words in
   * recording time. On the first failure the other processes are killed, and the promise
   * settles only after all of them have exited.
   */
  private async recognize(
    pcm: Float32Array,
    parts: RecognitionPart[],
    concurrency: number,
    signal: AbortSignal,
    onDone: (fraction: number) => void,
  ): Promise<Word[]> {
    const root = this.options.tmpDir ?? os.tmpdir();
    await mkdir(root, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(path.join(root, 'summy-stt-'));
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    const total = parts.reduce((sum, p) => sum + p.durationS, 0);
    let doneS = 0;
    const results: Word[][] = parts.map(() => []);
    let next = 0;
    let failure: unknown = null;
    const worker = async () => {
      while (next < parts.length && !controller.signal.aborted) {
        const index = next++;
        const part = parts[index]!;
        const file = path.join(dir, `part-${index}.wav`);
        try {
          await writeWav16k(spliceSpans(pcm, SPEECH_SAMPLE_RATE, part.spans), file);
          const words = await recognizeWav(file, {
            command: this.options.pocketsphinxCommand,
            extraArgs: this.options.pocketsphinxArgs,
            signal: controller.signal,
          });
          results[index] = words
            .map((w) => toSourceTimes(w, part))
            .filter((w) => (w.start + w.end) / 2 >= part.keepFromS);
          doneS += part.durationS;
          onDone(total ? doneS / total : 1);
        } catch (err) {
          failure ??= err;
          controller.abort(err);
        } finally {
          await rm(file, { force: true });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, parts.length) }, worker));
    } finally {
      signal.removeEventListener('abort', stop);
      await rm(dir, { recursive: true, force: true });
    }
    if (failure) throw failure;
    signal.throwIfAborted();
    return results.flat();
  }
}

/** A word's times mapped from its part back to the recording, kept inside one span. */
function toSourceTimes(word: Word, part: RecognitionPart): Word {
  const start = partTimeToSource(part.spans, word.start);
  let end = partTimeToSource(part.spans, word.end);
  // A word across a splice would otherwise stretch over the pause that was cut out.
  const span = part.spans.find((s) => start >= s.start && start < s.end);
  if (span && end > span.end) end = span.end;
  return { ...word, start, end: Math.max(start, end) };
}

/**
 * Summy's result from words with speakers: text, speaker turns and one utterance per turn, the mean
 * word confidence; no summary, topics, intents or sentiment. Shared with the local engine
 * (providers/stt/local).
 * @param durationS length of the decoded audio (s)
 * @param language BCP-47 tag reported as the result's language; default 'en'
 */
export function buildResult(
  words: Word[],
  durationS: number,
  language = 'en',
): TranscriptionResult {
  const turns = wordsToTurns(words);
  const confidence = words.length
    ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length
    : 0;
  return {
    text: words.map((w) => w.word).join(' '),
    duration: durationS,
    language,
    confidence,
    speakers: turns,
    words,
    summary: null,
    topics: [],
    intents: [],
    sentiment: null,
    utterances: turnsToUtterances(turns),
  };
}
