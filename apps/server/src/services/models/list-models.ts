/**
 * GET /api/models: every catalog model with its state on this server, which speech-to-text
 * provider the next job would use, and which notes model is installed.
 */
import type { ModelsList } from '@summy/core';
import type { Env } from '../../env.ts';
import { installedNotesModel } from '../../models/installed.ts';
import { modelManager } from '../../models/manager.ts';
import { currentSttProviderId } from '../../providers/stt/catalog.ts';

/**
 * The models, the transcription provider and the notes model in use. `fallbackOnly` is true when
 * the next job would run on the offline PocketSphinx fallback (the web app's first-run prompt);
 * `notes.modelId` null means no notes model is installed.
 * @throws ConfigurationError when MODELS_CATALOG or the speech-to-text settings are invalid
 */
export async function listModels(
  env: Pick<Env, 'modelsDir' | 'modelsBaseUrl' | 'modelsCatalogFile' | 'settings'>,
): Promise<ModelsList> {
  const models = await modelManager(env).listStatuses();
  // Re-evaluated per call: a recognizer installed a moment ago makes it 'local'.
  const provider = currentSttProviderId(env);
  return {
    models,
    transcription: { provider, fallbackOnly: provider === 'offline' },
    notes: { modelId: installedNotesModel(env)?.entry.id ?? null },
  };
}
