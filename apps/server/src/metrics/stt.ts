/**
 * Transcription metrics: a speech-to-text provider wrapped so each transcription records its
 * real-time factor, the audio seconds it covered, or its failure. The meeting pipeline's job and
 * direct transcription wrap the provider they use. docs/decisions/060-metrics.md.
 */
import { performance } from 'node:perf_hooks';
import type { SttInput, SttProvider } from '../providers/stt/types.ts';
import { transcription } from './definitions.ts';

/**
 * `provider` with a measured `transcribe`: on success `summy_transcription_real_time_factor`
 * observes wall-clock seconds / `result.duration` (audio seconds; skipped for an empty result of
 * 0 s) and `summy_transcription_audio_seconds_total` adds the audio seconds; a failure adds to
 * `summy_transcription_failures_total` unless the input's signal was aborted (a deleted meeting,
 * a stopping server, a time-out already reported as such). `transcribeChannels`, where the
 * provider has it, is measured the same way. `id`, `model` and `estimateSeconds` are the
 * provider's own.
 */
export function measuredStt(provider: SttProvider): SttProvider {
  const labels = { provider: provider.id, model: provider.model ?? '' };
  const estimate = provider.estimateSeconds;
  return {
    id: provider.id,
    ...(provider.model !== undefined && { model: provider.model }),
    ...(estimate && { estimateSeconds: (audioS: number) => estimate.call(provider, audioS) }),
    transcribe: (input) =>
      measured(
        input,
        () => provider.transcribe(input),
        (r) => r.duration,
      ),
    ...(provider.transcribeChannels && {
      transcribeChannels: (input) =>
        measured(
          input,
          () => provider.transcribeChannels!(input),
          // One request covers the recording once, however many channels it holds.
          (r) => Math.max(r[0].duration, r[1].duration),
        ),
    }),
  };

  /** Runs `work`, observing its audio seconds (`durationOf` its result) or its failure. */
  async function measured<T>(
    input: SttInput,
    work: () => Promise<T>,
    durationOf: (result: T) => number,
  ): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      const duration = durationOf(result);
      if (duration > 0) {
        const seconds = (performance.now() - started) / 1000;
        transcription.rtf.observe(labels, seconds / duration);
        transcription.audioSeconds.inc(labels, duration);
      }
      return result;
    } catch (err) {
      if (!input.signal?.aborted) transcription.failures.inc(labels);
      throw err;
    }
  }
}
