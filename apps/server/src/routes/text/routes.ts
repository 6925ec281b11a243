/** Text worker endpoints: summary (and title), action items, speaker enhancement. */
import type { AppDeps } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';

/** Routes of this module. */
export function textRoutes(_deps: AppDeps) {
  return createRouter();
}
