/**
 * The speech-to-text and text-generation settings of the env schema (`loadEnv`). The provider
 * catalogs (providers/stt/catalog.ts, providers/llm/catalog.ts) describe them and decide which
 * provider runs; the form of each value is checked here, once at start-up, so a mistyped base URL
 * or time-out stops Summy with a message naming it instead of failing on the first job.
 */
import { z } from 'zod';

/** Default of the direct transcription time-out (STT_TIMEOUT_MS): 120 s, in ms. */
export const DEFAULT_STT_TIMEOUT_MS = 120_000;

/** A URL setting whose protocol is one of `protocols` ('http:'); the message names `name`. */
export const urlSetting = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a ${protocols.join(' or ')} URL`,
    );

const STT_PROVIDER_CHOICES = ['auto', 'local', 'offline', 'deepgram', 'openai'];
const text = z.string().trim().min(1).optional();
const httpUrl = (name: string) => urlSetting(name, ['http:', 'https:']).optional();

/**
 * The provider settings, by name. Values stay strings (trimmed): the catalogs read them by name
 * from `Env.settings`; STT_TIMEOUT_MS is also parsed into `Env.sttTimeoutMs`.
 */
export const providerSettingsShape = {
  STT_PROVIDER: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => STT_PROVIDER_CHOICES.includes(v),
      `STT_PROVIDER must be one of ${STT_PROVIDER_CHOICES.join(', ')}`,
    )
    .optional(),
  STT_TIMEOUT_MS: z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) > 0,
      'STT_TIMEOUT_MS must be a positive whole number of milliseconds',
    )
    .optional(),
  DEEPGRAM_API_KEY: text,
  DEEPGRAM_BASE_URL: httpUrl('DEEPGRAM_BASE_URL'),
  OPENAI_API_KEY: text,
  OPENAI_BASE_URL: httpUrl('OPENAI_BASE_URL'),
  OPENAI_STT_MODEL: text,
  ANTHROPIC_API_KEY: text,
  ANTHROPIC_BASE_URL: httpUrl('ANTHROPIC_BASE_URL'),
  OPENAI_COMPATIBLE_BASE_URL: httpUrl('OPENAI_COMPATIBLE_BASE_URL'),
  OPENAI_COMPATIBLE_MODEL: text,
  OPENAI_COMPATIBLE_API_KEY: text,
};

/** The name of a provider setting ('DEEPGRAM_API_KEY'). */
export type ProviderSettingName = keyof typeof providerSettingsShape;

/**
 * The provider settings that are set, validated and trimmed, by name (`Env.settings`): a setting
 * that is not set is absent, so a catalog checks it before use.
 */
export type ProviderSettings = Readonly<Partial<Record<ProviderSettingName, string>>>;

/** The provider settings that are set, as validated strings, for `Env.settings`. */
export function providerSettings(parsed: Record<string, unknown>): ProviderSettings {
  return Object.fromEntries(
    Object.keys(providerSettingsShape)
      .filter((name) => typeof parsed[name] === 'string')
      .map((name) => [name, parsed[name] as string]),
  );
}
