/**
 * Speech detection with the silero voice activity model (a small neural network, MIT), run by
 * sherpa-onnx-node's `Vad` in this process: for the live draft transcript (a stream) and for the
 * speech regions of a whole recording. The model comes from its pinned npm package
 * (scripts/silero-vad.sh, docs/decisions/072-silero-vad-from-npm.md); without it, or when a file
 * fails the graph check of ./silero-model.ts, these functions answer undefined and the caller
 * falls back to the energy detector.
 *
 * Unlike the local recognizers (a child process, since a bad model aborts the process), the VAD
 * runs in the server's process: the graph is checked before sherpa-onnx sees the file, and the
 * model is 2 MB, 1 thread, fast enough for many streams at once.
 *
 * Tuning is sherpa-onnx's own defaults for silero (threshold 0.5, 0.5 s of silence ends speech,
 * speech under 0.25 s is dropped, 512-sample windows at 16 kHz), not fitted to our clips.
 */
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { LIVE_MAX_SEGMENT_S } from '@summy/core';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import { log } from '../log.ts';
import type { SpeechRegion } from '../providers/stt/offline/vad.ts';
import { checkSileroModel, SileroModelError, sileroModelPath } from './silero-model.ts';
import type { DetectedSpeech, SpeechDetector, SpeechDetectorOptions } from './speech-detector.ts';

export { checkSileroModel, SileroModelError, sileroModelPath } from './silero-model.ts';

/** Sample rate the model runs at (Hz). */
const SAMPLE_RATE = 16_000;
/** Silero's window at 16 kHz (samples): 32 ms. */
const WINDOW = 512;
/** sherpa-onnx's defaults for silero (silero-vad-model-config.h). */
const THRESHOLD = 0.5;
const MIN_SILENCE_S = 0.5;
const MIN_SPEECH_S = 0.25;
/** Windows kept before speech is declared: minSpeechDuration and two more. */
const LEAD_WINDOWS = Math.ceil((MIN_SPEECH_S * SAMPLE_RATE) / WINDOW) + 2;
/** Longest region of a whole recording (s): the offline provider's longest recognition part. */
const REGION_MAX_S = 60;

type Sherpa = typeof SherpaOnnx;
let addon: Sherpa | undefined;
/** The native addon (CommonJS), loaded on first use: a server that never uses it pays nothing. */
function sherpa(): Sherpa {
  addon ??= createRequire(import.meta.url)('sherpa-onnx-node') as Sherpa;
  return addon;
}

/** Files already checked, by path, with their size and time so a replaced file is checked again. */
const checked = new Map<string, { stamp: string; ok: boolean }>();

/** True when `model` passes the graph check; a refusal is logged once per file. */
function usable(model: string): boolean {
  let stamp: string;
  try {
    const s = statSync(model);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch {
    return false;
  }
  const known = checked.get(model);
  if (known?.stamp === stamp) return known.ok;
  let ok = true;
  try {
    checkSileroModel(model);
  } catch (err) {
    if (!(err instanceof SileroModelError)) throw err;
    log.warn(
      { model, err: err.message },
      'Voice activity model refused; the energy detector is used',
    );
    ok = false;
  }
  checked.set(model, { stamp, ok });
  return ok;
}

/** Options of {@link createSileroDetector}. */
export interface SileroDetectorOptions extends SpeechDetectorOptions {
  /** The model file; default the installed one ({@link sileroModelPath}). */
  model?: string;
  /**
   * Seconds of audio sherpa-onnx's buffer holds before it grows (it grows without loss, with a
   * message on stderr); default 60, or twice maxSpeechS when longer.
   */
  bufferS?: number;
}

/**
 * A streaming silero speech detector for one channel of 16 kHz mono audio in [-1, 1]: `accept`
 * returns the stretches that ended within what was fed (start in samples from the stream's
 * start), `flush` what is still open at the end. Speech longer than `maxSpeechS` (default
 * LIVE_MAX_SEGMENT_S, 15 s) is cut.
 * @returns the detector, or undefined when the model is missing or is not a silero v4/v5 graph
 *   (the caller then uses the energy detector); never throws for a bad model file
 */
export function createSileroDetector(
  options: SileroDetectorOptions = {},
): SpeechDetector | undefined {
  const model = options.model ?? sileroModelPath();
  if (!model || !usable(model)) return undefined;
  const maxSpeechS = options.maxSpeechS ?? LIVE_MAX_SEGMENT_S;
  let vad: SherpaOnnx.Vad;
  try {
    vad = new (sherpa().Vad)(
      {
        sileroVad: {
          model,
          threshold: THRESHOLD,
          minSilenceDuration: MIN_SILENCE_S,
          minSpeechDuration: MIN_SPEECH_S,
          windowSize: WINDOW,
          maxSpeechDuration: maxSpeechS,
        },
        sampleRate: SAMPLE_RATE,
        numThreads: 1,
        debug: 0,
      },
      options.bufferS ?? Math.max(60, 2 * maxSpeechS),
    );
  } catch (err) {
    log.warn({ model, err: (err as Error).message }, 'Voice activity model failed to load');
    return undefined;
  }
  return new SileroDetector(vad, Math.round(maxSpeechS * SAMPLE_RATE));
}

/**
 * The stream around sherpa-onnx's `Vad`. Two things it adds: the samples go in exactly one window
 * per call, since sherpa-onnx-node's acceptWaveform runs the model on one window and drops the rest
 * of a longer array (measured: a whole recording in one call gave one segment, at its end); and
 * speech is cut at `maxSamples` here, since sherpa-onnx's own cut waits for a window below 0.9
 * probability, which steady speech may never give.
 */
class SileroDetector implements SpeechDetector {
  private pending = new Float32Array(0);
  /** Samples fed so far. */
  private position = 0;
  /** Speech up to this sample was handed out by a cut; later segments start here. */
  private handedTo = 0;
  /** Where the open speech began (estimated), or -1 when there is none. */
  private openFrom = -1;
  /** The open speech's samples from `openFrom`, for a cut. */
  private open: Float32Array[] = [];
  /** The last windows fed, where speech that is then declared began. */
  private recent: Float32Array[] = [];

  constructor(
    private readonly vad: SherpaOnnx.Vad,
    private readonly maxSamples: number,
  ) {}

  accept(samples: Float32Array): DetectedSpeech[] {
    const all = new Float32Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const whole = all.length - (all.length % WINDOW);
    const out: DetectedSpeech[] = [];
    for (let i = 0; i < whole; i += WINDOW) this.step(all.slice(i, i + WINDOW), out);
    this.pending = all.slice(whole);
    return out;
  }

  openSince(): number | undefined {
    return this.openFrom < 0 ? undefined : this.openFrom;
  }

  flush(): DetectedSpeech[] {
    const out: DetectedSpeech[] = [];
    // The last partial window, padded with silence, so its speech is not lost.
    if (this.pending.length > 0) {
      const last = new Float32Array(WINDOW);
      last.set(this.pending);
      this.step(last, out);
      this.pending = new Float32Array(0);
    }
    this.vad.flush();
    this.collect(out);
    this.vad.reset();
    this.openFrom = -1;
    this.open = [];
    this.recent = [];
    return out;
  }

  /** Runs one window, collects what ended, and cuts speech that reached the longest length. */
  private step(window: Float32Array, out: DetectedSpeech[]): void {
    this.vad.acceptWaveform(window);
    this.position += window.length;
    this.recent.push(window);
    if (this.recent.length > LEAD_WINDOWS) this.recent.shift();
    this.collect(out);
    if (!this.vad.isDetected()) {
      this.openFrom = -1;
      this.open = [];
      return;
    }
    if (this.openFrom < 0) {
      // sherpa-onnx declares speech once it has lasted minSpeechDuration: it began in the
      // recent windows.
      const lead = this.recent.length * WINDOW;
      this.openFrom = Math.max(this.handedTo, this.position - lead);
      this.open = [concat(this.recent).subarray(this.openFrom - (this.position - lead))];
    } else this.open.push(window);
    if (this.position - this.openFrom < this.maxSamples) return;
    out.push({ start: this.openFrom, samples: concat(this.open) });
    this.handedTo = this.position;
    this.openFrom = this.position;
    this.open = [];
  }

  /** Hands out the segments sherpa-onnx finished, less what a cut already handed out. */
  private collect(out: DetectedSpeech[]): void {
    while (!this.vad.isEmpty()) {
      const { start, samples } = this.vad.front(false);
      this.vad.pop();
      const skip = Math.max(0, this.handedTo - start);
      if (samples.length - skip < Math.round(MIN_SPEECH_S * SAMPLE_RATE)) continue;
      out.push({ start: start + skip, samples: samples.subarray(skip) });
    }
  }
}

/** The pieces one after the other. */
function concat(pieces: Float32Array[]): Float32Array {
  const out = new Float32Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/**
 * The speech regions (s from the start) of a whole 16 kHz mono recording, found by silero.
 * @param model the model file; default the installed one
 * @returns regions in time order, not overlapping (empty for silence), or undefined when no
 *   usable model is installed
 */
export function sileroSpeechRegions(pcm: Float32Array, model?: string): SpeechRegion[] | undefined {
  const detector = createSileroDetector({ model, maxSpeechS: REGION_MAX_S });
  if (!detector) return undefined;
  const regions: SpeechRegion[] = [];
  const push = (found: DetectedSpeech[]) => {
    for (const { start, samples } of found) {
      regions.push({ start: start / SAMPLE_RATE, end: (start + samples.length) / SAMPLE_RATE });
    }
  };
  // Fed a second at a time: the detector hands out segments as they end, so its buffer never
  // holds more than one region.
  for (let i = 0; i < pcm.length; i += SAMPLE_RATE) {
    push(detector.accept(pcm.subarray(i, i + SAMPLE_RATE)));
  }
  push(detector.flush());
  return regions;
}
