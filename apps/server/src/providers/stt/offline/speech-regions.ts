/**
 * The speech regions of a whole recording, for the offline provider and the local engine: silero
 * (audio/silero-vad.ts) when chosen and its model loads, else Summy's energy detector (./vad.ts),
 * which also gives the frame energies the recognition parts are cut at in both cases.
 */
import { sileroSpeechRegions } from '../../../audio/silero-vad.ts';
import { SPEECH_SAMPLE_RATE } from '../../../audio/ffmpeg.ts';
import { detectSpeech, type VadOptions, type VadResult } from './vad.ts';

/** Which detector finds the speech regions. */
export type RegionDetector = 'silero' | 'energy';

/**
 * The default detector of the offline provider and the local engine: silero, which missed less
 * speech with as few false alarms, and gave a lower WER and diarization error, on the
 * repository's clips with no parameter fitted to them (bench/stt/vad.ts; docs/performance.md,
 * "Voice activity detection").
 */
export const DEFAULT_REGION_DETECTOR: RegionDetector = 'silero';

/** Options of {@link findSpeechRegions}. */
export interface SpeechRegionOptions {
  /** Default {@link DEFAULT_REGION_DETECTOR}. */
  detector?: RegionDetector;
  /** The silero model file; default the installed one. */
  sileroModel?: string;
  /** Tuning of the energy detector. */
  vad?: VadOptions;
}

/** {@link VadResult} and the detector whose regions it holds. */
export interface SpeechRegionsResult extends VadResult {
  /** 'energy' also when silero was asked for but its model is missing or was refused. */
  detector: RegionDetector;
}

/**
 * Finds the speech regions of 16 kHz mono PCM in [-1, 1].
 * @returns regions in time order (s), the energy detector's frame energies, and which detector
 *   gave the regions; never throws for a missing or bad silero model (the energy detector then)
 */
export function findSpeechRegions(
  pcm: Float32Array,
  options: SpeechRegionOptions = {},
): SpeechRegionsResult {
  const energy = detectSpeech(pcm, SPEECH_SAMPLE_RATE, options.vad);
  if ((options.detector ?? DEFAULT_REGION_DETECTOR) === 'silero') {
    const regions = sileroSpeechRegions(pcm, options.sileroModel);
    if (regions) return { ...energy, regions, detector: 'silero' };
  }
  return { ...energy, detector: 'energy' };
}
