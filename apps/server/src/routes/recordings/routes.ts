/** Upload, recording chunks and stop (issue 3, storage helper). */
import type { AppDeps } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';

/** Routes of this module. */
export function recordingRoutes(_deps: AppDeps) {
  return createRouter();
}
