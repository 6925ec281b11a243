/**
 * The offline speech-to-text provider (PocketSphinx plus Summy's own VAD and diarization);
 * see ./offline-provider.ts.
 */
import type { Env } from '../../../env.ts';
import { scratchDir } from '../../../storage/scratch.ts';
import { OfflineSttProvider } from './offline-provider.ts';

export { OfflineSttProvider, type OfflineSttOptions } from './offline-provider.ts';

/**
 * The catalog's factory: needs no settings (works offline). Its WAV parts go to this process's
 * scratch folder under DATA_DIR, never the shared /tmp.
 */
export async function createOfflineSttProvider(env: Env): Promise<OfflineSttProvider> {
  return new OfflineSttProvider({ tmpDir: scratchDir(env.dataDir) });
}
