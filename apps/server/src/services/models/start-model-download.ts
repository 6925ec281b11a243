/** POST /api/models/:id/download. */
import type { ModelStatus } from '@summy/core';
import { modelManager } from '../../models/manager.ts';
import type { ModelsEnv } from '../../models/settings.ts';

/**
 * Starts the download of a model in the background (or joins the running one; an installed
 * model stays installed) and answers its status at once. A kept partial file is resumed with
 * `Range`; a hand-copied download file is verified and installed without network. Failures show
 * later as `state: 'failed'` with `{error, details}` on GET /api/models.
 * @throws ModelNotFoundError (404) for an id not in the catalog
 */
export async function startModelDownload(env: ModelsEnv, id: string): Promise<ModelStatus> {
  const manager = modelManager(env);
  manager.start(id);
  return manager.status(id);
}
