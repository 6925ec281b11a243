/** The voice match policy of a speaker embedding model, from the model catalog. */
import type { Env } from '../../env.ts';
import { loadModelCatalog } from '../../models/catalog.ts';
import { DEFAULT_VOICE_MATCH, type VoiceMatchPolicy } from './voice-match.ts';

/**
 * The catalog entry's `voiceMatch` for `model`, else {@link DEFAULT_VOICE_MATCH} (also when the
 * catalog cannot be read: suggestions must not fail a meeting).
 */
export function voiceMatchPolicy(
  env: Pick<Env, 'modelsCatalogFile'>,
  model: string,
): VoiceMatchPolicy {
  try {
    return loadModelCatalog(env).find((e) => e.id === model)?.voiceMatch ?? DEFAULT_VOICE_MATCH;
  } catch {
    return DEFAULT_VOICE_MATCH;
  }
}
