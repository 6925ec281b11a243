/**
 * The messages between the local language-model engine (./engine.ts, in the server) and its
 * worker process (./worker.ts): types only, so the server never loads node-llama-cpp.
 */

/** Tokens the chat template adds around the messages, at most (an estimate for length checks). */
export const CHAT_TEMPLATE_TOKENS = 64;

/** One chat turn before the system prompt's answer. */
export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A JSON schema in the subset node-llama-cpp turns into a grammar (e.g. from `z.toJSONSchema`). */
export type LlmJsonSchema = Record<string, unknown>;

/** What to generate. */
export interface LlmGenerateRequest {
  /** Instructions given before the conversation. */
  system: string;
  /** The conversation; the last message is the user's turn the model answers. */
  messages: LlmMessage[];
  /** When set, the output is constrained to JSON of this schema and answered parsed. */
  schema?: LlmJsonSchema;
  /** Most tokens generated; default 1024. */
  maxTokens?: number;
  /** Sampling temperature, 0 = greedy (deterministic); default 0. */
  temperature?: number;
  /**
   * A plain-text answer (no `schema`) is also sent in pieces (`delta`) as it is written, before
   * the whole (`text`).
   */
  stream?: boolean;
}

/** How the worker is set up: sent once, before the first job. */
export interface LlmWorkerConfig {
  /** Absolute path of the GGUF model file. */
  modelPath: string;
  /** Requests run at once: the context's sequences. */
  sequences: number;
  /** Memory the model may take (MB); absent: three quarters of the available memory. */
  maxRamMb?: number;
  /** Context tokens wanted per sequence; default 16,384 (within the model and the memory). */
  contextTokens?: number;
  /** CPU threads llama.cpp may use; absent: node-llama-cpp's default (the machine's cores). */
  threads?: number;
}

/** Messages from the server to the worker. */
export type ToWorker =
  | { type: 'config'; config: LlmWorkerConfig }
  | { type: 'generate'; id: number; request: LlmGenerateRequest }
  | { type: 'embed'; id: number; texts: string[] }
  | { type: 'count'; id: number; texts: string[] }
  | { type: 'abort'; id: number };

/** Why a job failed in the worker. */
export type LlmFailureKind = 'memory' | 'load' | 'too-long' | 'aborted' | 'failed';

/** Messages from the worker to the server. */
export type FromWorker =
  | { type: 'loaded'; contextSize: number; trainContext: number; loadMs: number }
  | { type: 'delta'; id: number; text: string }
  | { type: 'text'; id: number; text: string; promptTokens: number; outputTokens: number }
  | { type: 'json'; id: number; value: unknown; promptTokens: number; outputTokens: number }
  | { type: 'vectors'; id: number; vectors: number[][] }
  | { type: 'counts'; id: number; counts: number[] }
  | { type: 'error'; id: number; kind: LlmFailureKind; message: string };
