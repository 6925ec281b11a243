/**
 * The local speech-to-text provider (sherpa-onnx models from the models folder); see
 * ./local-provider.ts.
 */
import type { Env } from '../../../env.ts';
import { LocalSttProvider } from './local-provider.ts';

export { LocalSttProvider, type LocalSttOptions } from './local-provider.ts';
export { installedRecognizers } from './select-models.ts';

/** The catalog's factory: needs no settings beyond the models folder and catalog. */
export async function createLocalSttProvider(env: Env): Promise<LocalSttProvider> {
  return new LocalSttProvider(env);
}
