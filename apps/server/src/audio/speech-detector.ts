/**
 * Streaming voice activity detection for the live draft transcript: audio arrives a little at a
 * time (a decoded upload chunk) and each stretch of speech is handed out as soon as it ends, so it
 * can be transcribed while the meeting still records.
 *
 * The energy detector here follows the offline provider's VAD (providers/stt/offline/vad.ts):
 * 30 ms frames, a noise floor estimated from the data (a low percentile of the last 10 s of frame
 * energies, digital silence counted at the absolute floor), a margin of a quarter of the recent
 * dynamic range (6..15 dB), speech starting after a few loud frames and ending after a hangover of
 * quiet ones. A stretch longer than `maxSpeechS` is cut at its quietest frame near the limit, so a
 * monologue still yields text; pure silence or steady noise yields nothing.
 */
import { LIVE_MAX_SEGMENT_S } from '@summy/core';
import { frameEnergies, percentile } from '../providers/stt/offline/vad.ts';

/** A stretch of speech found in a stream: start in samples at 16 kHz from the stream's start. */
export interface DetectedSpeech {
  start: number;
  samples: Float32Array;
}

/** A detector fed with 16 kHz mono PCM in pieces of any length. */
export interface SpeechDetector {
  /** Feeds samples in [-1, 1]; returns the stretches of speech that ended within them. */
  accept(samples: Float32Array): DetectedSpeech[];
  /** End of stream: returns what is still open (and resets nothing else). */
  flush(): DetectedSpeech[];
  /**
   * Where the speech still open began (samples from the stream's start), or undefined when none
   * is: lets a streaming recognizer hear a stretch while it is spoken, before it is handed out.
   */
  openSince(): number | undefined;
}

/** Options of {@link createSpeechDetector}. */
export interface SpeechDetectorOptions {
  /** Longest stretch handed out (s); longer speech is cut. Default `LIVE_MAX_SEGMENT_S` (15). */
  maxSpeechS?: number;
}

/** Sample rate every detector works at (Hz). */
export const DETECTOR_SAMPLE_RATE = 16_000;

const FRAME = 480; // 30 ms at 16 kHz
const FRAME_S = FRAME / DETECTOR_SAMPLE_RATE;
const ABSOLUTE_FLOOR_DB = -60;
const ONSET_FRAMES = 3; // 90 ms of loud frames start speech
const HANGOVER_FRAMES = 10; // 300 ms of quiet frames end it
const PAD_BEFORE_FRAMES = 3; // ~0.1 s kept before the onset for soft word starts
const PAD_AFTER_FRAMES = 2; // ~0.05 s kept after the last loud frame
const MIN_REGION_FRAMES = 8; // stretches under ~0.25 s are clicks, not words
const WINDOW_FRAMES = Math.round(10 / FRAME_S); // noise statistics over the last 10 s
const STATS_EVERY = 5; // frames between two updates of the floor and margin

/** One 30 ms frame kept while it may still belong to a stretch of speech. */
interface Frame {
  samples: Float32Array;
  energy: number;
}

/**
 * The streaming energy detector: frames are judged against the recent noise floor; the frames of
 * an open stretch (and a short pre-roll) are kept until the stretch ends or is cut.
 */
class EnergySpeechDetector implements SpeechDetector {
  private readonly maxFrames: number;
  private pending = new Float32Array(0);
  /** Index of the next frame to come (frames from the stream's start). */
  private frameIndex = 0;
  /** Kept frames; `kept[0]` is frame `keptFrom`. */
  private kept: Frame[] = [];
  private keptFrom = 0;
  private readonly window = new Float32Array(WINDOW_FRAMES);
  private windowCount = 0;
  private floor = ABSOLUTE_FLOOR_DB;
  private margin = 6;
  private inSpeech = false;
  private loudRun = 0;
  private quietRun = 0;
  /** First frame of the open stretch (padding included). */
  private emitFrom = 0;

  constructor(options: SpeechDetectorOptions) {
    const maxS = options.maxSpeechS ?? LIVE_MAX_SEGMENT_S;
    this.maxFrames = Math.max(MIN_REGION_FRAMES * 2, Math.round(maxS / FRAME_S));
  }

  accept(samples: Float32Array): DetectedSpeech[] {
    const all = new Float32Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const whole = Math.floor(all.length / FRAME) * FRAME;
    this.pending = all.slice(whole);
    const energies = frameEnergies(all.subarray(0, whole), FRAME);
    const out: DetectedSpeech[] = [];
    for (let i = 0; i < energies.length; i++) {
      const frame = { samples: all.slice(i * FRAME, (i + 1) * FRAME), energy: energies[i]! };
      this.step(frame, out);
    }
    return out;
  }

  openSince(): number | undefined {
    return this.inSpeech ? this.emitFrom * FRAME : undefined;
  }

  flush(): DetectedSpeech[] {
    const out: DetectedSpeech[] = [];
    if (this.inSpeech) {
      const end = this.frameIndex;
      this.emit(this.emitFrom, end, out, this.pending);
      this.inSpeech = false;
    }
    this.pending = new Float32Array(0);
    this.loudRun = 0;
    this.trim();
    return out;
  }

  /** Judges one frame and advances the state machine. */
  private step(frame: Frame, out: DetectedSpeech[]): void {
    const f = this.frameIndex++;
    this.kept.push(frame);
    this.track(frame.energy, f);
    const loud = frame.energy > this.floor + this.margin && frame.energy > ABSOLUTE_FLOOR_DB;
    if (!this.inSpeech) {
      this.loudRun = loud ? this.loudRun + 1 : 0;
      if (this.loudRun >= ONSET_FRAMES) {
        this.inSpeech = true;
        this.quietRun = 0;
        this.emitFrom = Math.max(this.keptFrom, f - ONSET_FRAMES + 1 - PAD_BEFORE_FRAMES);
      } else this.trim();
      return;
    }
    this.quietRun = loud ? 0 : this.quietRun + 1;
    if (this.quietRun >= HANGOVER_FRAMES) {
      // The hangover frames were quiet: the stretch ends where the quiet began (plus a pad).
      const end = f - HANGOVER_FRAMES + 1 + PAD_AFTER_FRAMES;
      this.emit(this.emitFrom, end, out);
      this.inSpeech = false;
      this.loudRun = 0;
      this.trim();
    } else if (f + 1 - this.emitFrom >= this.maxFrames) this.cut(f, out);
  }

  /** Adds a frame's energy to the noise statistics and refreshes the floor and margin. */
  private track(energy: number, f: number): void {
    this.window[f % WINDOW_FRAMES] = Math.max(ABSOLUTE_FLOOR_DB, energy);
    this.windowCount = Math.min(WINDOW_FRAMES, this.windowCount + 1);
    if (f % STATS_EVERY !== 0 && this.windowCount > STATS_EVERY) return;
    const recent = this.window.subarray(0, this.windowCount);
    const low = percentile(recent, 0.1);
    const high = percentile(recent, 0.95);
    this.floor = low;
    // As offline: a steady noise never clears 6 dB, breaths stay below speech in clean audio.
    this.margin = Math.min(15, Math.max(6, 0.25 * (high - low)));
  }

  /** Hands out the open stretch up to its quietest frame in the last third, and goes on. */
  private cut(f: number, out: DetectedSpeech[]): void {
    const from = Math.max(this.emitFrom + MIN_REGION_FRAMES, f - Math.floor(this.maxFrames / 3));
    let at = f;
    for (let g = from; g <= f; g++)
      if (this.kept[g - this.keptFrom]!.energy < this.kept[at - this.keptFrom]!.energy) at = g;
    // The quietest frame starts the next stretch, so no sample is handed out twice.
    this.emit(this.emitFrom, at, out);
    this.emitFrom = at;
    this.trim();
  }

  /** Pushes frames [from, to) (plus `tail` samples) as one stretch unless it is too short. */
  private emit(from: number, to: number, out: DetectedSpeech[], tail?: Float32Array): void {
    const end = Math.min(to, this.frameIndex);
    if (end - from < MIN_REGION_FRAMES) return;
    const extra = tail?.length ?? 0;
    const samples = new Float32Array((end - from) * FRAME + extra);
    for (let g = from; g < end; g++)
      samples.set(this.kept[g - this.keptFrom]!.samples, (g - from) * FRAME);
    if (tail) samples.set(tail, (end - from) * FRAME);
    out.push({ start: from * FRAME, samples });
  }

  /** Drops frames no stretch can use: before the open one, or beyond the pre-roll when quiet. */
  private trim(): void {
    const keepFrom = this.inSpeech
      ? this.emitFrom
      : Math.max(this.emitFrom, this.frameIndex - ONSET_FRAMES - PAD_BEFORE_FRAMES);
    const drop = keepFrom - this.keptFrom;
    if (drop <= 0) return;
    this.kept.splice(0, drop);
    this.keptFrom = keepFrom;
  }
}

/**
 * A new streaming energy speech detector for one channel of 16 kHz mono audio, with its own
 * state; it never throws. The fallback of `createSpeechDetector` (./create-speech-detector.ts)
 * when the silero model cannot be used.
 */
export function createEnergyDetector(options: SpeechDetectorOptions = {}): SpeechDetector {
  return new EnergySpeechDetector(options);
}
