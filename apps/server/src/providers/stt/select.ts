/**
 * Builds the speech-to-text provider that runs a job (catalog.ts). The choice is re-evaluated on
 * every call (`currentSttProviderId`: a local model downloaded while the server runs is used by the
 * next job); each provider is made once per settings object, since providers hold clients and the
 * speed they measured.
 */
import type { Env } from '../../env.ts';
import { currentSttProviderId, sttProviderEntry } from './catalog.ts';
import type { SttProvider, SttProviderId } from './types.ts';

export { currentSttProviderId } from './catalog.ts';

const cache = new WeakMap<Env, Map<SttProviderId, Promise<SttProvider>>>();

/**
 * The provider the next job runs with (STT_PROVIDER, default auto), created on first use.
 * @throws ConfigurationError when the selected provider's required setting is missing
 */
export function selectSttProvider(env: Env): Promise<SttProvider> {
  const id = currentSttProviderId(env);
  let providers = cache.get(env);
  if (!providers) cache.set(env, (providers = new Map()));
  let provider = providers.get(id);
  if (!provider) {
    provider = sttProviderEntry(id).create(env);
    // A failed creation (e.g. missing offline models) is retried on the next call, not cached.
    provider.catch(() => providers.delete(id));
    providers.set(id, provider);
  }
  return provider;
}
