/**
 * The live transcript's speech detector: silero (sherpa-onnx's `Vad` on the installed silero v5
 * model, checked before it loads) when it can be used, else Summy's streaming energy detector.
 * Silero misses less speech on every clip of bench/stt (docs/decisions/072-silero-vad-from-npm.md).
 */
import { createSileroDetector } from './silero-vad.ts';
import { withLeadingPadding } from './speech-padding.ts';
import {
  createEnergyDetector,
  type SpeechDetector,
  type SpeechDetectorOptions,
} from './speech-detector.ts';

/** What {@link createSpeechDetector} may be given: the detector options, and the silero file. */
export interface CreateSpeechDetectorOptions extends SpeechDetectorOptions {
  /** The silero model; default the installed one. A missing or refused file means energy. */
  sileroModel?: string;
}

/**
 * A new streaming speech detector for one channel of 16 kHz mono audio, each with its own state:
 * silero when its model loads (each stretch with 0.1 s of the audio before it, as the energy
 * detector keeps), the energy detector otherwise. Never throws.
 */
export async function createSpeechDetector(
  options: CreateSpeechDetectorOptions = {},
): Promise<SpeechDetector> {
  const { sileroModel, ...detector } = options;
  const silero = createSileroDetector({ ...detector, model: sileroModel });
  return silero ? withLeadingPadding(silero) : createEnergyDetector(detector);
}
