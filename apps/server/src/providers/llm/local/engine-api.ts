/**
 * The public shapes of the local language-model engine (./engine.ts): its options, per-call
 * options, token usage and error. Kept apart from the engine's process and queue handling.
 */
import type { LlmFailureKind } from './protocol.ts';

/** Why a local generation failed. `crashed`: the worker process died during the job. */
export type LocalLlmErrorKind = LlmFailureKind | 'crashed';

/** A failed local generation or embedding; `message` says what happened in words for a user. */
export class LocalLlmError extends Error {
  override name = 'LocalLlmError';
  constructor(
    readonly kind: LocalLlmErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Configuration of {@link LocalLlmEngine}. */
export interface LocalLlmEngineOptions {
  /** Absolute path of the GGUF model file. */
  modelPath: string;
  /** Jobs run at once (LOCAL_LLM_PARALLEL); default 1. */
  parallel?: number;
  /** Seconds without a job before the worker ends (LOCAL_LLM_IDLE_SECONDS); default 300. */
  idleSeconds?: number;
  /** Memory the model may take (LOCAL_LLM_MAX_RAM_MB); absent: 3/4 of the available memory. */
  maxRamMb?: number;
  /** Context tokens wanted per job; default 16,384, within the model and the memory. */
  contextTokens?: number;
  /**
   * CPU threads llama.cpp may use (LOCAL_LLM_THREADS through the provider); default llama.cpp's,
   * the machine's cores. The tests give one: their tiny model gains nothing from more, and idle
   * threads polling for work take cores from the tests running beside them.
   */
  threads?: number;
}

/** Per-call options. */
export interface LocalLlmCallOptions {
  /**
   * Stops the job: the call rejects with LocalLlmError 'aborted' at once; the worker stops after
   * the token in flight, or is ended if that takes over 0.7 s and it runs no other job.
   */
  signal?: AbortSignal;
  /**
   * Called with the job's place in the queue (1 = next) while it waits, with what the jobs
   * running or waiting before it are for (their `purpose`, 'other' when unset), and with 0 and
   * no purposes when it starts.
   */
  onQueue?: (position: number, ahead: string[]) => void;
  /** What the job is for ('notes', 'chat'), told to the jobs waiting behind it. */
  purpose?: string;
  /**
   * Called with each piece of a plain-text answer as the model writes it (not for a JSON answer
   * or an embedding); the pieces add up to the answer the call resolves with.
   */
  onText?: (piece: string) => void;
}

/** Token counts of a finished generation. */
export interface LocalLlmUsage {
  promptTokens: number;
  outputTokens: number;
}
