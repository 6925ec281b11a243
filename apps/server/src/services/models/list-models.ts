/**
 * GET /api/models: every catalog model with its state on this server, which speech-to-text
 * provider the next job would use, and which notes model is installed.
 */
import type { ModelsList, ModelStatus } from '@summy/core';
import type { Database } from '@summy/db';
import type { Env } from '../../env.ts';
import { installedNotesModel } from '../../models/installed.ts';
import { modelManager } from '../../models/manager.ts';
import { currentSttProviderId } from '../../providers/stt/catalog.ts';
import { isAdmin } from '../auth/admins.ts';

/**
 * The models, the transcription provider and the notes model in use, as `userId` may read them.
 * `fallbackOnly` is true when the next job would run on the offline PocketSphinx fallback (the web
 * app's first-run prompt); `notes.modelId` null means no notes model is installed. A failed
 * download's `{error, details}` is the administrators' alone: it speaks to whoever runs the server
 * (MODELS_BASE_URL, the network, the models folder), so another user's answer has the 'failed'
 * state without it.
 * @throws ConfigurationError when MODELS_CATALOG or the speech-to-text settings are invalid
 */
export async function listModels(
  env: Pick<Env, 'modelsDir' | 'modelsBaseUrl' | 'modelsCatalogFile' | 'settings'>,
  db: Database,
  userId: string,
): Promise<ModelsList> {
  const statuses = await modelManager(env).listStatuses();
  const models = (await isAdmin(db, userId)) ? statuses : statuses.map(withoutError);
  // Re-evaluated per call: a recognizer installed a moment ago makes it 'local'.
  const provider = currentSttProviderId(env);
  return {
    models,
    transcription: { provider, fallbackOnly: provider === 'offline' },
    notes: { modelId: installedNotesModel(env)?.entry.id ?? null },
  };
}

/** The status without the operator's error text. */
function withoutError({ error: _error, ...status }: ModelStatus): ModelStatus {
  return status;
}
