/**
 * The local language model's settings of the env schema (`loadEnv`): how long its worker stays
 * loaded, how much memory it may take, how many requests it runs at once and on how many threads
 * (providers/llm/local/engine.ts; docs/decisions/049-local-llm-engine.md).
 */
import os from 'node:os';
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
  /** CPU threads llama.cpp computes with (LOCAL_LLM_THREADS, default {@link defaultLocalLlmThreads}). */
  threads: number;
}

/**
 * All cores but one, at least one: the HTTP server, the database and the speech engine keep a
 * core. On a 2-core machine one thread decoded 20 times faster than two (505 against 25 tokens a
 * second on the tests' tiny model, nothing else running): llama.cpp's threads meet at a barrier
 * after every operation, and a thread that waits for a busy core stalls all of them.
 */
export function defaultLocalLlmThreads(cores = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
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
  LOCAL_LLM_THREADS: wholeNumber('LOCAL_LLM_THREADS', 1, 256, '').optional(),
};

/** The validated values as {@link LocalLlmSettings}. */
export function localLlmSettings(v: {
  LOCAL_LLM_IDLE_SECONDS: number;
  LOCAL_LLM_MAX_RAM_MB?: number | undefined;
  LOCAL_LLM_PARALLEL: number;
  LOCAL_LLM_THREADS?: number | undefined;
}): LocalLlmSettings {
  return {
    idleSeconds: v.LOCAL_LLM_IDLE_SECONDS,
    maxRamMb: v.LOCAL_LLM_MAX_RAM_MB,
    parallel: v.LOCAL_LLM_PARALLEL,
    threads: v.LOCAL_LLM_THREADS ?? defaultLocalLlmThreads(),
  };
}
