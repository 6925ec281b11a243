/** Signed-URL playback of stored audio, public (signature checked). */
import type { AppDeps } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';

/** Routes of this module. */
export function storageRoutes(_deps: AppDeps) {
  return createRouter();
}
