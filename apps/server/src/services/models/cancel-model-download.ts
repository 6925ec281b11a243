/** POST /api/models/:id/cancel. */
import type { ModelStatus } from '@summy/core';
import { modelManager } from '../../models/manager.ts';
import type { ModelsEnv } from '../../models/settings.ts';

/**
 * Cancels a model's download and answers its status once it has stopped: 'absent', its partial
 * file (a paused one too) deleted. An installed model is answered as it is.
 * @throws ModelNotFoundError (404) for an id not in the catalog
 */
export function cancelModelDownload(env: ModelsEnv, id: string): Promise<ModelStatus> {
  return modelManager(env).cancel(id);
}
