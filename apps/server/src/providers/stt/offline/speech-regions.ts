/**
 * The speech regions of a whole recording, for the offline provider and the local engine: silero
 * (audio/silero-vad.ts) when chosen and its model loads, else Summy's energy detector (./vad.ts),
 * which also gives the frame energies the recognition parts are cut at in both cases.
 */
import { sileroSpeechRegions } from '../../../audio/silero-vad.ts';
import { SPEECH_SAMPLE_RATE } from '../../../audio/ffmpeg.ts';
import { detectSpeech, type SpeechRegion, type VadOptions, type VadResult } from './vad.ts';

/**
 * Which detector finds the speech regions: 'union' is speech where either silero or the energy
 * detector hears it.
 */
export type RegionDetector = 'silero' | 'energy' | 'union';

/**
 * The default detector of the offline provider and the local engine: the energy detector. On the
 * repository's clips silero (alone, or joined with it) missed less speech and silero alone gave a
 * lower PocketSphinx WER (bench/stt/vad.ts), but on recordings it was not chosen on they lost
 * words the energy regions kept: silero missed 3 s of a browser recording of JFK, and the union's
 * later end of the last phrase of an mp4 of it turned '...for your country' into other words.
 * PocketSphinx's words move with region edges that much, so the measured gains are not shown to
 * hold beyond those clips (docs/performance.md, "Voice activity detection"). Silero serves the live
 * transcript, where it misses less speech than the streaming energy detector.
 */
export const DEFAULT_REGION_DETECTOR: RegionDetector = 'energy';

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
  const detector = options.detector ?? DEFAULT_REGION_DETECTOR;
  if (detector !== 'energy') {
    const regions = sileroSpeechRegions(pcm, options.sileroModel);
    if (regions && detector === 'silero') return { ...energy, regions, detector };
    if (regions) return { ...energy, regions: unionRegions(regions, energy.regions), detector };
  }
  return { ...energy, detector: 'energy' };
}

/**
 * The time covered by either list of regions, as regions in time order that neither overlap nor
 * touch (s). Each list in time order.
 */
export function unionRegions(a: SpeechRegion[], b: SpeechRegion[]): SpeechRegion[] {
  const all = [...a, ...b].sort((x, y) => x.start - y.start);
  const out: SpeechRegion[] = [];
  for (const r of all) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}
