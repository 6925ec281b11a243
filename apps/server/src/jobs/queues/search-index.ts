/**
 * `search.index`: rebuild one user's stale search passages (services/assistant/search-index-job.ts),
 * keyed by `singletonKey` = user id: 'stately' keeps one queued and one running per user, so a
 * burst of meeting writes queues one rebuild, and a write during a rebuild queues exactly one more.
 * With a text-embedding model installed, the passages are then embedded for the chat's rerank.
 */
import type { AppDeps } from '../../deps.ts';
import { refreshSearchIndex } from '../../services/assistant/refresh-search-index.ts';
import { BACKGROUND_SHARE } from '../../services/assistant/search-index-job.ts';
import { embedPassagesInBackground } from '../../services/assistant/embed-passages.ts';
import { SEARCH_INDEX } from '../payloads.ts';
import { defineQueue } from '../queue.ts';

/** The queue of search index rebuilds. */
export const searchIndexQueue = defineQueue({
  ...SEARCH_INDEX,
  options: {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    // Thousands of long meetings after an import: minutes, in bounded statements.
    expireInSeconds: 60 * 60,
    deleteAfterSeconds: 60 * 60,
  },
  // One job at a time per process: it writes a user's passages in bounded statements.
  kind: 'search',
  work: { localConcurrency: 1, pollingIntervalSeconds: 1 },
  async handler(deps: Pick<AppDeps, 'database' | 'env'>, [job]) {
    const rebuilt = await refreshSearchIndex(deps.database.db, job.data.userId, undefined, {
      share: BACKGROUND_SHARE,
    });
    return {
      rebuilt,
      embedded: await embedPassagesInBackground(deps, job.data.userId, job.signal),
    };
  },
});
