/**
 * Pads what a streaming speech detector hands out with the audio just before it: a recognizer
 * hears a soft word onset better with a moment of what preceded it (the offline VAD and the
 * energy detector keep 0.1 s for the same reason). Silero's segments start where its probability
 * crossed the threshold, after the onset began.
 */
import type { DetectedSpeech, SpeechDetector } from './speech-detector.ts';

/** Audio kept before each stretch by {@link withLeadingPadding} (s): the energy detector's 0.1 s. */
export const LEADING_PADDING_S = 0.1;

const SAMPLE_RATE = 16_000;

/**
 * `detector` with each stretch extended backwards by up to `paddingS` seconds (default
 * {@link LEADING_PADDING_S}), never into the stretch handed out before it, so no sample is handed
 * out twice. Keeps the last `historyS` seconds fed (default 20: longer than any stretch of 15 s).
 */
export function withLeadingPadding(
  detector: SpeechDetector,
  paddingS = LEADING_PADDING_S,
  historyS = 20,
): SpeechDetector {
  const pad = Math.round(paddingS * SAMPLE_RATE);
  const keep = Math.round(historyS * SAMPLE_RATE);
  let history = new Float32Array(0);
  /** Stream position of history[0]. */
  let historyFrom = 0;
  /** End (samples) of the last stretch handed out. */
  let handedTo = 0;
  const padded = (found: DetectedSpeech[]): DetectedSpeech[] =>
    found.map(({ start, samples }) => {
      const from = Math.max(handedTo, historyFrom, start - pad);
      handedTo = start + samples.length;
      if (from >= start) return { start, samples };
      const lead = history.subarray(from - historyFrom, start - historyFrom);
      const out = new Float32Array(lead.length + samples.length);
      out.set(lead);
      out.set(samples, lead.length);
      return { start: from, samples: out };
    });
  return {
    accept(samples) {
      const all = new Float32Array(history.length + samples.length);
      all.set(history);
      all.set(samples, history.length);
      const drop = Math.max(0, all.length - keep);
      history = all.slice(drop);
      historyFrom += drop;
      return padded(detector.accept(samples));
    },
    openSince() {
      const since = detector.openSince();
      return since === undefined ? undefined : Math.max(handedTo, historyFrom, since - pad);
    },
    flush() {
      const out = padded(detector.flush());
      historyFrom += history.length;
      history = new Float32Array(0);
      return out;
    },
  };
}
