/**
 * The local language model's settings of the env schema (`loadEnv`): how long its worker stays
 * loaded, how much memory it may take and how many requests it runs at once
 * (providers/llm/local/engine.ts; docs/decisions/049-local-llm-engine.md).
 */
import { z } from 'zod';

/** The local language model's settings, validated. */
export interface LocalLlmSettings {
  /** Seconds without a request before the model is unloaded (LOCAL_LLM_IDLE_SECONDS, default 300). */
  idleSeconds: number;
  /**
   * Memory the model, its context and buffers may take, in MB (LOCAL_LLM_MAX_RAM_MB); undefined:
   * three quarters of the memory available when the model loads (MemAvailable, within a
   * container's limit).
   */
  maxRamMb: number | undefined;
  /** Requests run at once, each with its own context (LOCAL_LLM_PARALLEL, default 1). */
  parallel: number;
}

const wholeNumber = (name: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ message: `${name} must be a number${unit ? ` of${unit}` : ''}` })
    .int(`${name} must be a whole number${unit ? ` of${unit}` : ''}`)
    .min(min, `${name} must be between ${min} and ${max}${unit}`)
    .max(max, `${name} must be between ${min} and ${max}${unit}`);

/** The settings' schema, by name, spread into the env schema. */
export const localLlmSettingsShape = {
  LOCAL_LLM_IDLE_SECONDS: wholeNumber('LOCAL_LLM_IDLE_SECONDS', 0, 86_400, ' seconds').default(300),
  LOCAL_LLM_MAX_RAM_MB: wholeNumber('LOCAL_LLM_MAX_RAM_MB', 512, 1_048_576, ' MB').optional(),
  LOCAL_LLM_PARALLEL: wholeNumber('LOCAL_LLM_PARALLEL', 1, 16, '').default(1),
};

/** The validated values as {@link LocalLlmSettings}. */
export function localLlmSettings(v: {
  LOCAL_LLM_IDLE_SECONDS: number;
  LOCAL_LLM_MAX_RAM_MB?: number | undefined;
  LOCAL_LLM_PARALLEL: number;
}): LocalLlmSettings {
  return {
    idleSeconds: v.LOCAL_LLM_IDLE_SECONDS,
    maxRamMb: v.LOCAL_LLM_MAX_RAM_MB,
    parallel: v.LOCAL_LLM_PARALLEL,
  };
}
