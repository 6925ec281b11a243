/**
 * The pipeline's providers for a job: the speech-to-text provider the settings select
 * (providers/stt/catalog.ts) and the text model of the user's AI preferences
 * (services/text/text-model-for-user.ts) and summary template, with the documented action-item
 * chunking.
 */
import type { Database } from '@summy/db';
import type { Env } from '../env.ts';
import { selectSttProvider } from '../providers/stt/select.ts';
import type { SttProvider } from '../providers/stt/types.ts';
import type { ToolResolver } from './tools.ts';
import { extractActionItems } from '../services/text/extract-action-items.ts';
import { textModelForUser } from '../services/text/text-model-for-user.ts';
import { voiceMatchPolicy } from '../services/voices/voice-match-policy.ts';

/**
 * Resolves the configured providers for each job.
 * @param stt chooses the speech-to-text provider (tests pass a scripted one to reach the real
 *   text model selection with a known transcript)
 */
export function configuredTools(
  env: Env,
  db: Database,
  stt: (env: Env) => Promise<SttProvider> = selectSttProvider,
): ToolResolver {
  return async (job) => {
    const [speech, { model, template }] = await Promise.all([
      stt(env),
      textModelForUser({ db, env }, job.userId),
    ]);
    return {
      stt: speech,
      text: model,
      summaryTemplate: template,
      voiceMatch: (id) => voiceMatchPolicy(env, id),
      extractActionItems: (text, transcript, signal) =>
        extractActionItems(text, transcript, signal ? { signal } : {}),
    };
  };
}
