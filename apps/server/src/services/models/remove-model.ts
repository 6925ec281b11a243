/** DELETE /api/models/:id. */
import { modelManager } from '../../models/manager.ts';
import type { ModelsEnv } from '../../models/settings.ts';

/**
 * Removes a model's folder and partial download (cancelling a running download first). The
 * next job no longer sees it (installed models are re-read per job).
 * @throws ModelNotFoundError (404) for an id not in the catalog
 */
export function removeModel(env: ModelsEnv, id: string): Promise<void> {
  return modelManager(env).remove(id);
}
