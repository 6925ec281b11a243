/**
 * The offline speech-to-text provider (PocketSphinx plus Summy's own VAD and diarization);
 * see ./offline-provider.ts.
 */
import type { Env } from '../../../env.ts';
import { OfflineSttProvider } from './offline-provider.ts';

export { OfflineSttProvider, type OfflineSttOptions } from './offline-provider.ts';

/** The catalog's factory: needs no settings (DESIGN.md principle 1: works offline). */
export async function createOfflineSttProvider(_env: Env): Promise<OfflineSttProvider> {
  return new OfflineSttProvider();
}
