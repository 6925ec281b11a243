/** POST /api/models/:id/pause: stop a download and keep what arrived for a resume. */
import type { ModelStatus } from '@summy/core';
import { modelManager } from '../../models/manager.ts';
import type { ModelsEnv } from '../../models/settings.ts';

/**
 * Pauses a model's download and answers its status once it has stopped: 'absent', with the bytes
 * kept for a resume as `receivedBytes` (the next download resumes them with `Range`). A model not
 * downloading is answered as it is.
 * @throws ModelNotFoundError (404) for an id not in the catalog
 */
export function pauseModelDownload(env: ModelsEnv, id: string): Promise<ModelStatus> {
  return modelManager(env).pause(id);
}
