/**
 * The pipeline's providers for a job: the speech-to-text provider the settings select
 * (providers/stt/catalog.ts) and the text model of the user's AI preferences
 * (services/text/text-model-for-user.ts), with the spec's action-item chunking.
 */
import type { Database } from '@summy/db';
import type { Env } from '../env.ts';
import type { ToolResolver } from '../jobs/workers.ts';
import { selectSttProvider } from '../providers/stt/select.ts';
import { extractActionItems } from '../services/text/extract-action-items.ts';
import { textModelForUser } from '../services/text/text-model-for-user.ts';

/** Resolves the configured providers for each job. */
export function configuredTools(env: Env, db: Database): ToolResolver {
  return async (job) => {
    const [stt, { model }] = await Promise.all([
      selectSttProvider(env),
      textModelForUser({ db, env }, job.userId),
    ]);
    return {
      stt,
      text: model,
      extractActionItems: (text, transcript) => extractActionItems(text, transcript),
    };
  };
}
