/**
 * Transcription metrics: a speech-to-text provider wrapped so each transcription records its
 * real-time factor, the audio seconds it covered, or its failure. The meeting pipeline's job and
 * direct transcription wrap the provider they use. docs/decisions/060-metrics.md.
 */
import { performance } from 'node:perf_hooks';
import type { SttProvider } from '../providers/stt/types.ts';
import { transcription } from './definitions.ts';

/**
 * `provider` with a measured `transcribe`: on success `summy_transcription_real_time_factor`
 * observes wall-clock seconds / `result.duration` (audio seconds; skipped for an empty result of
 * 0 s) and `summy_transcription_audio_seconds_total` adds the audio seconds; a failure adds to
 * `summy_transcription_failures_total` unless the input's signal was aborted (a deleted meeting,
 * a stopping server, a time-out already reported as such). `id`, `model` and `estimateSeconds` are
 * the provider's own.
 */
export function measuredStt(provider: SttProvider): SttProvider {
  const labels = { provider: provider.id, model: provider.model ?? '' };
  const estimate = provider.estimateSeconds;
  return {
    id: provider.id,
    ...(provider.model !== undefined && { model: provider.model }),
    ...(estimate && { estimateSeconds: (audioS: number) => estimate.call(provider, audioS) }),
    async transcribe(input) {
      const started = performance.now();
      try {
        const result = await provider.transcribe(input);
        if (result.duration > 0) {
          const seconds = (performance.now() - started) / 1000;
          transcription.rtf.observe(labels, seconds / result.duration);
          transcription.audioSeconds.inc(labels, result.duration);
        }
        return result;
      } catch (err) {
        if (!input.signal?.aborted) transcription.failures.inc(labels);
        throw err;
      }
    },
  };
}
