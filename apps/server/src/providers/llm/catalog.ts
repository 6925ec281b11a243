/**
 * The text-generation catalog: every provider Summy can use for titles, summaries, action items and
 * speaker names, with its settings (read from the environment, shown by the settings screen) and
 * its models, and how an AI preference ('auto' or 'provider:model') becomes a `TextModel`. One
 * list, read by the settings screen and the factories alike.
 *
 * Vendor docs: Anthropic models (docs.anthropic.com/en/docs/about-claude/models), OpenAI models
 * (platform.openai.com/docs/models), AI SDK providers (ai-sdk.dev/providers).
 */
import type { AiModelChoice } from '@summy/core';
import type { Env } from '../../env.ts';
import type { ProviderSettingName, ProviderSettings } from '../../env-providers.ts';
import { requiredSetting } from '../required-setting.ts';
import { NOTES_MODELS } from '../../models/notes-catalog.ts';
import { lazyTextModel } from './lazy-text-model.ts';
import {
  createLocalTextModel,
  installedLocalTextModels,
  type LocalTextEnv,
} from './local/provider.ts';
import { createPooledOfflineTextModel } from './offline/text-pool.ts';
import type { TextModel } from './types.ts';
import { log } from '../../log.ts';

/** Identifier of a text provider. */
export type TextProviderId = 'anthropic' | 'openai' | 'openai-compatible' | 'local' | 'offline';

/** A setting a provider reads from the environment. */
export interface ProviderSetting {
  /** Environment variable name. */
  name: ProviderSettingName;
  /** Whether the provider is unavailable without it. */
  required: boolean;
  /** Whether its value must never be shown or sent to the browser (API keys). */
  secret: boolean;
  description: string;
}

/** A model a provider offers. */
export interface CatalogModel {
  /** The vendor's model id ('claude-sonnet-4-20250514'). */
  id: string;
  /** Label in the AI preference choices ('Claude Sonnet 4'). */
  label: string;
}

/** Knobs of the created models (tests shorten time-outs and retries). */
export interface TextModelOptions {
  /** Retries on 429 and 5xx (default 2). */
  maxRetries?: number;
  /** Time limit of one call in ms (default 300,000). */
  timeoutMs?: number;
  /**
   * The most tokens a local model writes per answer (default 2,048); the tests' tiny model
   * writes a few tokens a second.
   */
  maxOutputTokens?: number;
}

/** One provider of the catalog. */
export interface TextProvider {
  id: TextProviderId;
  label: string;
  settings: ProviderSetting[];
  /**
   * Its models under these settings, best first (the compatible server's model is a setting; the
   * local provider's are the notes models installed in `local.modelsDir`).
   */
  models(settings: ProviderSettings, local?: LocalTextEnv): CatalogModel[];
  /** Creates the model; only called when the provider is configured. */
  create(
    modelId: string,
    settings: ProviderSettings,
    options?: TextModelOptions,
    local?: LocalTextEnv,
  ): TextModel;
}

/** Model id of Claude Sonnet 4. */
export const CLAUDE_SONNET_4 = 'claude-sonnet-4-20250514';

// The AI SDK falls back to process.env for an unset base URL or key; Summy passes both explicitly
// so only its own validated settings count.
const ANTHROPIC_DEFAULT_URL = 'https://api.anthropic.com';
const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

/**
 * The AI SDK wants Anthropic's base URL with '/v1'; Anthropic's own SDKs and docs give
 * ANTHROPIC_BASE_URL without it. Accept both.
 */
export function anthropicApiUrl(baseUrl: string | undefined): string {
  const url = (baseUrl ?? ANTHROPIC_DEFAULT_URL).replace(/\/+$/, '');
  return url.endsWith('/v1') ? url : `${url}/v1`;
}

/** Every provider, in the order 'auto' prefers them. */
export const TEXT_PROVIDERS: readonly TextProvider[] = [
  {
    id: 'anthropic',
    label: 'Anthropic',
    settings: [
      {
        name: 'ANTHROPIC_API_KEY',
        required: true,
        secret: true,
        description: 'Anthropic API key (console.anthropic.com)',
      },
      {
        name: 'ANTHROPIC_BASE_URL',
        required: false,
        secret: false,
        description:
          'Anthropic API address, for a proxy or gateway (default https://api.anthropic.com)',
      },
    ],
    models: () => [{ id: CLAUDE_SONNET_4, label: 'Claude Sonnet 4' }],
    create(modelId, settings, options) {
      const id = `anthropic:${modelId}`;
      return lazyTextModel(id, async () => {
        const [{ createAnthropic }, { createAiSdkTextModel }] = await Promise.all([
          import('@ai-sdk/anthropic'),
          import('./ai-sdk/model.ts'),
        ]);
        const provider = createAnthropic({
          apiKey: settings.ANTHROPIC_API_KEY,
          baseURL: anthropicApiUrl(settings.ANTHROPIC_BASE_URL),
        });
        return createAiSdkTextModel({ id, model: provider(modelId), json: 'schema', ...options });
      });
    },
  },
  {
    id: 'openai',
    label: 'OpenAI',
    settings: [
      {
        name: 'OPENAI_API_KEY',
        required: true,
        secret: true,
        description: 'OpenAI API key (platform.openai.com)',
      },
      {
        name: 'OPENAI_BASE_URL',
        required: false,
        secret: false,
        description:
          'OpenAI API address including /v1, for a proxy or gateway (default https://api.openai.com/v1)',
      },
    ],
    models: () => [
      { id: 'gpt-5', label: 'GPT-5' },
      { id: 'gpt-5-mini', label: 'GPT-5 mini' },
    ],
    create(modelId, settings, options) {
      const id = `openai:${modelId}`;
      return lazyTextModel(id, async () => {
        const [{ createOpenAI }, { createAiSdkTextModel }] = await Promise.all([
          import('@ai-sdk/openai'),
          import('./ai-sdk/model.ts'),
        ]);
        const provider = createOpenAI({
          apiKey: settings.OPENAI_API_KEY,
          baseURL: (settings.OPENAI_BASE_URL ?? OPENAI_DEFAULT_URL).replace(/\/+$/, ''),
        });
        // provider(id) is the Responses API (POST /v1/responses), OpenAI's default for GPT-5.
        return createAiSdkTextModel({ id, model: provider(modelId), json: 'schema', ...options });
      });
    },
  },
  {
    id: 'openai-compatible',
    label: 'OpenAI-compatible server',
    settings: [
      {
        name: 'OPENAI_COMPATIBLE_BASE_URL',
        required: true,
        secret: false,
        description:
          'Address of an OpenAI-compatible server including /v1 (Ollama: http://localhost:11434/v1; vLLM: http://localhost:8000/v1)',
      },
      {
        name: 'OPENAI_COMPATIBLE_MODEL',
        required: true,
        secret: false,
        description: 'Model name on that server (for example llama3.1:8b)',
      },
      {
        name: 'OPENAI_COMPATIBLE_API_KEY',
        required: false,
        secret: true,
        description: 'API key, if the server wants one',
      },
    ],
    models: (settings) =>
      settings.OPENAI_COMPATIBLE_MODEL
        ? [{ id: settings.OPENAI_COMPATIBLE_MODEL, label: settings.OPENAI_COMPATIBLE_MODEL }]
        : [],
    create(modelId, settings, options) {
      const id = `openai-compatible:${modelId}`;
      const baseUrl = requiredSetting(
        settings,
        'OPENAI_COMPATIBLE_BASE_URL',
        'OpenAI-compatible server',
      );
      return lazyTextModel(id, async () => {
        const [{ createOpenAICompatible }, { createAiSdkTextModel }] = await Promise.all([
          import('@ai-sdk/openai-compatible'),
          import('./ai-sdk/model.ts'),
        ]);
        const provider = createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: baseUrl.replace(/\/+$/, ''),
          apiKey: settings.OPENAI_COMPATIBLE_API_KEY,
        });
        // Chat Completions with JSON mode: what Ollama, vLLM and llama.cpp servers all offer.
        return createAiSdkTextModel({
          id,
          model: provider.chatModel(modelId),
          json: 'json-mode',
          ...options,
        });
      });
    },
  },
  {
    id: 'local',
    label: 'Local notes model',
    settings: [],
    models: (_settings, local = {}) =>
      installedLocalTextModels(local).map((m) => ({ id: m.id, label: m.label })),
    create: (modelId, _settings, options, local = {}) =>
      createLocalTextModel(local, modelId, options),
  },
  {
    id: 'offline',
    label: 'Offline (built in)',
    settings: [],
    models: () => [{ id: 'extractive', label: 'Offline' }],
    create: () => createPooledOfflineTextModel(),
  },
];

/**
 * Why a provider cannot be used under these settings ('OPENAI_API_KEY is not set'), or undefined
 * when it is configured. The form of URL settings is checked by `loadEnv`.
 */
export function unconfiguredReason(
  provider: TextProvider,
  settings: ProviderSettings,
  local: LocalTextEnv = {},
): string | undefined {
  if (provider.id === 'local' && provider.models(settings, local).length === 0) {
    return 'No notes model is installed';
  }
  for (const s of provider.settings) {
    const value = settings[s.name];
    if (s.required && !value) return `${s.name} is not set`;
  }
  return undefined;
}

/** The configured providers, in the order 'auto' prefers them (offline last, always there). */
export function configuredTextProviders(
  settings: ProviderSettings,
  local: LocalTextEnv = {},
): TextProvider[] {
  return TEXT_PROVIDERS.filter((p) => !unconfiguredReason(p, settings, local));
}

/**
 * The AI preference choices: 'Auto', 'Claude Sonnet 4', 'GPT-5', 'GPT-5 mini', then the
 * OpenAI-compatible server's model when one is configured. An unavailable choice says why in
 * `reason` ('ANTHROPIC_API_KEY is not set on this server').
 */
export function aiModelChoices(
  settings: ProviderSettings,
  local: LocalTextEnv = {},
): AiModelChoice[] {
  const choices: AiModelChoice[] = [{ value: 'auto', label: 'Auto', available: true }];
  for (const p of TEXT_PROVIDERS) {
    if (p.id === 'offline') continue;
    const reason = unconfiguredReason(p, settings, local);
    if (p.id === 'openai-compatible' && reason) continue;
    for (const m of p.models(settings, local)) {
      choices.push({
        value: `${p.id}:${m.id}`,
        label: m.label,
        available: !reason,
        ...(reason ? { reason: `${reason} on this server` } : {}),
      });
    }
  }
  return choices;
}

/**
 * The label of a text model id ('anthropic:claude-sonnet-4-20250514' is 'Claude Sonnet 4',
 * 'offline' is 'Offline'), as the meeting records which model wrote its summary. A model the
 * catalog does not list (any vendor id a preference may name) is labelled by its id, and so is
 * the OpenAI-compatible server's model, whose label is its name: `settings` only decide which
 * models are listed.
 */
export function textModelLabel(modelId: string, settings: ProviderSettings = {}): string {
  const parsed = parsePreference(modelId);
  if (!parsed) return modelId === 'offline' ? 'Offline' : modelId;
  // A meeting's label must not need the models folder: the built-in catalog's name, else the id
  // (a model of a MODELS_CATALOG file).
  if (parsed.provider.id === 'local') {
    const name = NOTES_MODELS.find((m) => m.id === parsed.model)?.name;
    return `Local: ${name ?? parsed.model ?? 'notes model'}`;
  }
  const models = parsed.provider.models(settings);
  const model = parsed.model ?? models[0]?.id;
  return models.find((m) => m.id === model)?.label ?? model ?? parsed.provider.label;
}

/** An AI preference split into provider and model; undefined for 'auto' or an unreadable value. */
export function parsePreference(
  preference: string | undefined | null,
): { provider: TextProvider; model: string | undefined } | undefined {
  const value = preference?.trim();
  if (!value || value === 'auto') return undefined;
  const at = value.indexOf(':');
  const providerId = at < 0 ? value : value.slice(0, at);
  const model = at < 0 ? undefined : value.slice(at + 1).trim() || undefined;
  const provider = TEXT_PROVIDERS.find((p) => p.id === providerId);
  return provider ? { provider, model } : undefined;
}

/** Logs why a preference was not followed; tests pass their own. */
export type SelectionLog = (message: string) => void;

const defaultLog: SelectionLog = (message) => log.warn(`[llm] ${message}`);

/**
 * The text model for an AI preference. 'auto' picks the best configured provider: Anthropic Claude
 * Sonnet 4, then OpenAI GPT-5, then the OpenAI-compatible server, then an installed local notes
 * model (the catalog's default first), then the offline model.
 * 'provider:model' uses that model when its provider is configured (any model id the vendor knows,
 * not only the listed ones); 'provider' alone uses its first model. A preference naming an
 * unconfigured or unknown provider falls back to 'auto' and says so in a log line.
 */
export function resolveTextModel(
  preference: string | undefined | null,
  env: Pick<Env, 'settings'> & LocalTextEnv,
  options: TextModelOptions & { log?: SelectionLog } = {},
): TextModel {
  const { log = defaultLog, ...modelOptions } = options;
  const settings = env.settings;
  const value = preference?.trim() || 'auto';
  if (value !== 'auto') {
    const parsed = parsePreference(value);
    if (!parsed) {
      log(`AI preference '${value}' names no known provider; using auto`);
    } else {
      const reason = unconfiguredReason(parsed.provider, settings, env);
      const model = parsed.model ?? parsed.provider.models(settings, env)[0]?.id;
      if (reason) {
        log(
          `AI preference '${value}' names a provider that is not configured (${reason}); using auto`,
        );
      } else if (!model) {
        log(`AI preference '${value}' names no model; using auto`);
      } else {
        return parsed.provider.create(model, settings, modelOptions, env);
      }
    }
  }
  const best = configuredTextProviders(settings, env)[0]!;
  return best.create(best.models(settings, env)[0]!.id, settings, modelOptions, env);
}
