/** Transcription worker endpoints: direct, /api/start, /api/status. */
import type { AppDeps } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';

/** Routes of this module. */
export function transcriptionRoutes(_deps: AppDeps) {
  return createRouter();
}
