/**
 * Builds the speech-to-text provider the settings select (catalog.ts). One instance per settings
 * object: providers hold clients (and the offline one may load models), so they are made once.
 */
import type { Env } from '../../env.ts';
import { sttProviderEntry, validateSttSettings } from './catalog.ts';
import type { SttProvider } from './types.ts';

const cache = new WeakMap<Env, Promise<SttProvider>>();

/**
 * The provider selected by STT_PROVIDER (default auto), created on first use.
 * @throws ConfigurationError when the selected provider's required setting is missing
 */
export function selectSttProvider(env: Env): Promise<SttProvider> {
  let provider = cache.get(env);
  if (!provider) {
    const id = validateSttSettings(env);
    provider = sttProviderEntry(id).create(env);
    // A failed creation (e.g. missing offline models) is retried on the next call, not cached.
    provider.catch(() => cache.delete(env));
    cache.set(env, provider);
  }
  return provider;
}
