/**
 * The speech-to-text provider catalog: one list that declares every provider, its settings and its
 * factory. The settings screen and the factories read this same list, so a setting is declared once.
 *
 * Selection (STT_PROVIDER): `auto` (default) picks Deepgram when DEEPGRAM_API_KEY is set, else the
 * OpenAI-compatible provider when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the local
 * sherpa-onnx models when a recognizer is installed in the models folder, else the offline
 * PocketSphinx default (runs offline with no configuration). Whether a local recognizer is
 * installed is read per job ({@link currentSttProviderId}), so a download takes effect without a
 * restart.
 */
import {
  DEFAULT_STT_TIMEOUT_MS,
  type ProviderSettingName,
  type ProviderSettings,
} from '../../env-providers.ts';
import { requiredSetting } from '../required-setting.ts';
import { ConfigurationError, type Env } from '../../env.ts';
import { installedRecognizers } from './local/select-models.ts';
import type { SttProvider, SttProviderId } from './types.ts';

/** One setting a provider reads from the environment (`Env.settings`). */
export interface SttSettingSpec {
  /** Environment variable name, e.g. 'DEEPGRAM_API_KEY'. */
  name: ProviderSettingName;
  /** The provider cannot run without it (see `requiredUnless`). */
  required: boolean;
  /** Not required when one of these settings is set (a local server needs no key). */
  requiredUnless?: readonly ProviderSettingName[];
  /** Never shown back to users or the browser (API keys). */
  secret: boolean;
  /** What it does, for the settings screen and docs. */
  description: string;
  /** Value used when the setting is absent. */
  default?: string;
}

/** Settings as the catalog reads them: `Env.settings`, validated by `loadEnv`. */
export type SttSettings = ProviderSettings;

/** A provider in the catalog. */
export interface SttProviderEntry {
  id: SttProviderId;
  /** Name shown to users. */
  label: string;
  settings: readonly SttSettingSpec[];
  /** True when its settings are present, for `auto` selection. */
  isConfigured(settings: SttSettings): boolean;
  /** Builds the provider from validated settings. */
  create(env: Env): Promise<SttProvider>;
}

/** Settings that apply whichever provider runs. */
export const STT_GENERAL_SETTINGS: readonly SttSettingSpec[] = [
  {
    name: 'STT_PROVIDER',
    required: false,
    secret: false,
    description:
      'Speech-to-text provider: auto, local, offline, deepgram or openai. auto picks deepgram when DEEPGRAM_API_KEY is set, else openai when OPENAI_API_KEY or OPENAI_BASE_URL is set, else local when a local speech model is installed, else offline.',
    default: 'auto',
  },
  {
    name: 'STT_TIMEOUT_MS',
    required: false,
    secret: false,
    description:
      "Time-out of direct transcription (POST /api/transcribe) in milliseconds; past it the answer is 'Processing timeout'. Lower it only for tests.",
    default: String(DEFAULT_STT_TIMEOUT_MS),
  },
];

const has = (settings: SttSettings, name: ProviderSettingName) => Boolean(settings[name]?.trim());

/** Every speech-to-text provider Summy knows, in `auto` preference order. */
export const STT_PROVIDERS: readonly SttProviderEntry[] = [
  {
    id: 'deepgram',
    label: 'Deepgram',
    settings: [
      {
        name: 'DEEPGRAM_API_KEY',
        required: true,
        secret: true,
        description: 'Deepgram API key (https://console.deepgram.com). Enables Deepgram nova-3.',
      },
      {
        name: 'DEEPGRAM_BASE_URL',
        required: false,
        secret: false,
        description: 'Deepgram API base URL, for a self-hosted Deepgram or a test server.',
        default: 'https://api.deepgram.com',
      },
    ],
    isConfigured: (s) => has(s, 'DEEPGRAM_API_KEY'),
    async create(env) {
      const { createDeepgramSttProvider } = await import('./deepgram/index.ts');
      return createDeepgramSttProvider({
        apiKey: requiredSetting(env.settings, 'DEEPGRAM_API_KEY', 'Deepgram'),
        baseUrl: settingOrDefault(env.settings, 'deepgram', 'DEEPGRAM_BASE_URL'),
      });
    },
  },
  {
    id: 'openai',
    label: 'OpenAI or OpenAI-compatible (Whisper)',
    settings: [
      {
        name: 'OPENAI_API_KEY',
        required: true,
        requiredUnless: ['OPENAI_BASE_URL'],
        secret: true,
        description:
          'OpenAI API key. Not needed for a local OpenAI-compatible server that takes no key.',
      },
      {
        name: 'OPENAI_BASE_URL',
        required: false,
        secret: false,
        description:
          'Base URL of the OpenAI API or of any OpenAI-compatible server, such as a local Whisper server (faster-whisper-server, whisper.cpp server). With or without the trailing /v1.',
        default: 'https://api.openai.com',
      },
      {
        name: 'OPENAI_STT_MODEL',
        required: false,
        secret: false,
        description:
          'Transcription model name, e.g. whisper-1, or the model a local server serves.',
        default: 'whisper-1',
      },
    ],
    isConfigured: (s) => has(s, 'OPENAI_API_KEY') || has(s, 'OPENAI_BASE_URL'),
    async create(env) {
      const { createOpenAiSttProvider } = await import('./openai/index.ts');
      return createOpenAiSttProvider({
        apiKey: env.settings.OPENAI_API_KEY,
        baseUrl: settingOrDefault(env.settings, 'openai', 'OPENAI_BASE_URL'),
        model: settingOrDefault(env.settings, 'openai', 'OPENAI_STT_MODEL'),
      });
    },
  },
  {
    id: 'local',
    label: 'Local models (sherpa-onnx)',
    // Its condition is the models folder, not a setting: see currentSttProviderId.
    settings: [],
    isConfigured: () => false,
    async create(env) {
      // Loaded on first use; the native engine itself loads only in the worker process.
      const { createLocalSttProvider } = await import('./local/index.ts');
      return createLocalSttProvider(env);
    },
  },
  {
    id: 'offline',
    label: 'Offline (PocketSphinx with Summy diarization)',
    settings: [],
    isConfigured: () => true,
    async create(env) {
      // Loaded on first use: PocketSphinx and diarization code is not needed with a cloud provider.
      const { createOfflineSttProvider } = await import('./offline/index.ts');
      return createOfflineSttProvider(env);
    },
  },
];

/** The catalog entry of a provider. */
export function sttProviderEntry(id: SttProviderId): SttProviderEntry {
  const entry = STT_PROVIDERS.find((p) => p.id === id);
  if (!entry) throw new Error(`Unknown speech-to-text provider: ${id}`);
  return entry;
}

function settingOrDefault(
  settings: SttSettings,
  id: SttProviderId,
  name: ProviderSettingName,
): string {
  const value = settings[name]?.trim();
  if (value) return value;
  const spec = sttProviderEntry(id).settings.find((s) => s.name === name);
  return spec?.default ?? '';
}

const PROVIDER_CHOICES = ['auto', 'local', 'offline', 'deepgram', 'openai'] as const;

/**
 * Which provider the settings select: STT_PROVIDER, or for `auto` the first configured one of
 * deepgram, openai, else offline. Blind to installed models: the provider that actually runs is
 * {@link currentSttProviderId}. Does not validate the chosen provider's settings (see
 * `validateSttSettings`).
 * @throws ConfigurationError when STT_PROVIDER is not one of auto, local, offline, deepgram, openai
 */
export function resolveSttProviderId(settings: SttSettings): SttProviderId {
  const choice = (settings.STT_PROVIDER?.trim().toLowerCase() || 'auto') as string;
  if (!(PROVIDER_CHOICES as readonly string[]).includes(choice)) {
    throw new ConfigurationError(
      `Invalid backend configuration: STT_PROVIDER must be one of ${PROVIDER_CHOICES.join(', ')}`,
    );
  }
  if (choice !== 'auto') return choice as SttProviderId;
  return STT_PROVIDERS.find((p) => p.id !== 'offline' && p.isConfigured(settings))?.id ?? 'offline';
}

/**
 * The provider the next job runs with: as {@link validateSttSettings}, except that `auto` with no
 * cloud provider configured picks 'local' when a recognizer is installed in the models folder.
 * Re-evaluated on every call (a few `stat`s), so a model downloaded while the server runs is used
 * by the next job.
 * @throws ConfigurationError as `validateSttSettings`, or for an invalid MODELS_CATALOG
 */
export function currentSttProviderId(
  env: Pick<Env, 'settings' | 'modelsDir' | 'modelsCatalogFile'>,
): SttProviderId {
  const id = validateSttSettings(env);
  const auto = (env.settings.STT_PROVIDER?.trim().toLowerCase() || 'auto') === 'auto';
  return auto && id === 'offline' && installedRecognizers(env).length > 0 ? 'local' : id;
}

/**
 * Checks the speech-to-text settings at start-up: the selected provider has its required settings.
 * The form of each value (URLs, STT_TIMEOUT_MS) is checked before, by `loadEnv`.
 * @returns the id of the provider that will run
 * @throws ConfigurationError naming the missing or invalid setting, prefixed
 *   'Missing backend configuration:' or 'Invalid backend configuration:' like `loadEnv`
 */
export function validateSttSettings(env: Pick<Env, 'settings'>): SttProviderId {
  const settings = env.settings;
  const id = resolveSttProviderId(settings);
  const entry = sttProviderEntry(id);
  for (const spec of entry.settings) {
    const present = has(settings, spec.name);
    const excused = spec.requiredUnless?.some((n) => has(settings, n)) ?? false;
    if (spec.required && !present && !excused) {
      const alternative = spec.requiredUnless?.length
        ? ` or ${spec.requiredUnless.join(' or ')}`
        : '';
      throw new ConfigurationError(
        `Missing backend configuration: ${spec.name}${alternative} (needed by the ${entry.label} speech-to-text provider selected by STT_PROVIDER)`,
      );
    }
  }
  return id;
}
