/**
 * Which text model serves a request: an explicit provider and model (the text worker endpoints'
 * `provider` and `model`) win when that provider is configured; otherwise the user's AI preference
 * ('auto' or 'provider:model') decides, through `resolveTextModel`.
 */
import type { Env } from '../../env.ts';
import {
  parsePreference,
  resolveTextModel,
  unconfiguredReason,
  type SelectionLog,
  type TextModelOptions,
} from './catalog.ts';
import type { LocalTextEnv } from './local/provider.ts';
import type { TextModel } from './types.ts';
import { log } from '../../log.ts';

/** An explicit choice of the caller; both optional. */
export interface TextModelOverride {
  /** 'anthropic', 'openai', 'openai-compatible' or 'offline'. */
  provider?: string | undefined;
  /** The vendor's model id, or a whole 'provider:model' preference when `provider` is absent. */
  model?: string | undefined;
}

/**
 * The model for a request.
 * @param preference the user's summary model preference ('auto' when unset)
 * @param override provider and model from the request, used when given and configured
 */
export function selectTextModel(
  env: Pick<Env, 'settings'> & LocalTextEnv,
  preference: string,
  override: TextModelOverride = {},
  options: TextModelOptions & { log?: SelectionLog } = {},
): TextModel {
  const provider = override.provider?.trim();
  const model = override.model?.trim();
  const requested = provider
    ? model
      ? `${provider}:${model}`
      : provider
    : model?.includes(':')
      ? model
      : undefined;
  if (requested && requested !== 'auto') {
    const parsed = parsePreference(requested);
    if (parsed && !unconfiguredReason(parsed.provider, env.settings, env)) {
      return resolveTextModel(requested, env, options);
    }
    (options.log ?? ((m: string) => log.warn(`[llm] ${m}`)))(
      `Requested model '${requested}' is not available on this server; using the AI preference '${preference}'`,
    );
  }
  return resolveTextModel(preference, env, options);
}
