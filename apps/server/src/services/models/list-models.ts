/**
 * GET /api/models: every catalog model with its state on this server, and which speech-to-text
 * provider the next job would use.
 */
import type { ModelsList } from '@summy/core';
import type { Env } from '../../env.ts';
import { modelManager } from '../../models/manager.ts';
import { currentSttProviderId } from '../../providers/stt/catalog.ts';

/**
 * The models and the transcription provider. `fallbackOnly` is true when the next job would run
 * on the offline PocketSphinx fallback (the web app's first-run prompt).
 * @throws ConfigurationError when MODELS_CATALOG or the speech-to-text settings are invalid
 */
export async function listModels(
  env: Pick<Env, 'modelsDir' | 'modelsBaseUrl' | 'modelsCatalogFile' | 'settings'>,
): Promise<ModelsList> {
  const models = await modelManager(env).listStatuses();
  // Re-evaluated per call: a recognizer installed a moment ago makes it 'local'.
  const provider = currentSttProviderId(env);
  return { models, transcription: { provider, fallbackOnly: provider === 'offline' } };
}
