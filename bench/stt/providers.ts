/**
 * The speech-to-text providers the benchmark runs. Only the offline default exists in this
 * repository so far; when the provider catalog lands, the cloud providers (Deepgram with
 * DEEPGRAM_API_KEY, OpenAI or an OpenAI-compatible server with OPENAI_API_KEY) are added here
 * from that catalog's factory, and run.ts measures every entry the same way.
 */
import type { SttProvider } from '../../apps/server/src/providers/stt/types.ts';
import { OfflineSttProvider } from '../../apps/server/src/providers/stt/offline/index.ts';

/** A provider under test and how the report names it. */
export interface BenchProvider {
  label: string;
  provider: SttProvider;
  /** True when the provider runs on this machine (its real-time factor means something here). */
  local: boolean;
}

/** The providers to measure, offline first. */
export function benchProviders(): BenchProvider[] {
  const providers: BenchProvider[] = [
    {
      label: 'offline (PocketSphinx + Summy diarization)',
      provider: new OfflineSttProvider(),
      local: true,
    },
  ];
  for (const key of ['DEEPGRAM_API_KEY', 'OPENAI_API_KEY']) {
    if (process.env[key]) {
      console.warn(`${key} is set, but no provider factory exists yet in this repository: skipped`);
    }
  }
  return providers;
}
