/**
 * A local GGUF model as an AI SDK language model (specification v3), so the local provider reuses
 * the cloud providers' prompts, zod schemas, error mapping and streaming (`createAiSdkTextModel`).
 * A JSON answer's schema reaches the engine, which constrains generation with a grammar made from
 * it, so the answer always parses. Source: ai-sdk.dev/providers/community-providers/custom-providers
 * and `LanguageModelV3` in @ai-sdk/provider.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';

/** A generation as the local engine takes it (./engine.ts `LlmGenerateRequest`). */
export interface LocalChatRequest {
  /** Instructions given before the conversation. */
  system: string;
  /** The conversation; the last message is the user's turn the model answers. */
  messages: { role: 'user' | 'assistant'; content: string }[];
  /** A JSON schema the answer must follow (generation is constrained by a grammar made from it). */
  schema?: Record<string, unknown>;
  /** The most tokens to generate. */
  maxTokens?: number;
  /** Sampling temperature; 0 picks the likeliest token. */
  temperature?: number;
}

/** The part of the local engine a language model needs (./engine.ts `LocalLlmEngine`). */
export interface LocalChatEngine {
  /**
   * Generates an answer: the text, or with `request.schema` the parsed JSON value.
   * @throws LocalLlmError when the model cannot be loaded, the worker dies, the prompt does not
   *   fit the context, or the signal aborts the request
   */
  generateWithUsage(
    request: LocalChatRequest,
    options?: LocalCallOptions & { signal?: AbortSignal },
  ): Promise<{ value: unknown; usage: { promptTokens: number; outputTokens: number } }>;
}

/** What a call tells the engine beside its request (./engine.ts `LocalLlmCallOptions`). */
export interface LocalCallOptions {
  /** What the call is for ('notes', 'chat'), told to the calls waiting behind it. */
  purpose?: string;
  /** The call's place in the engine's queue (1 = next; 0 once it runs) and what is ahead of it. */
  onQueue?: (position: number, ahead: string[]) => void;
  /** Each piece of a plain-text answer as it is written (streamed calls only). */
  onText?: (piece: string) => void;
}

/**
 * The purpose and queue listener of the model calls made within `localCallContext.run(…)`: the AI
 * SDK passes no callbacks through to a language model, so the local provider sets them around a
 * text model's method and the calls read them here.
 */
export const localCallContext = new AsyncLocalStorage<LocalCallOptions>();

/** The signal and the surrounding call context as engine options. */
function callOptions(signal: AbortSignal | undefined): LocalCallOptions & { signal?: AbortSignal } {
  const call = localCallContext.getStore();
  return {
    ...(signal ? { signal } : {}),
    ...(call?.purpose ? { purpose: call.purpose } : {}),
    ...(call?.onQueue ? { onQueue: call.onQueue } : {}),
  };
}

/**
 * The AI SDK call as a local request: the system messages joined into the instructions, user and
 * assistant text in order (files and tool parts are not sent), a JSON answer's schema, and the
 * answer's length and temperature.
 */
export function toLocalRequest(
  options: LanguageModelV3CallOptions,
  maxTokens?: number,
): LocalChatRequest {
  const system: string[] = [];
  const messages: LocalChatRequest['messages'] = [];
  for (const message of options.prompt) {
    if (message.role === 'system') {
      system.push(message.content);
    } else if (message.role === 'user' || message.role === 'assistant') {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      messages.push({ role: message.role, content: text });
    }
  }
  const format = options.responseFormat;
  return {
    system: system.join('\n\n'),
    messages,
    ...(format?.type === 'json' && format.schema
      ? { schema: format.schema as Record<string, unknown> }
      : {}),
    ...(options.maxOutputTokens || maxTokens
      ? { maxTokens: Math.min(options.maxOutputTokens ?? Infinity, maxTokens ?? Infinity) }
      : {}),
    temperature: options.temperature ?? 0,
  };
}

function usage(tokens: { promptTokens: number; outputTokens: number }): LanguageModelV3Usage {
  return {
    inputTokens: {
      total: tokens.promptTokens,
      noCache: tokens.promptTokens,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: tokens.outputTokens, text: tokens.outputTokens, reasoning: undefined },
  };
}

/** The engine's answer as text: a JSON value is written back out for the AI SDK to parse. */
function answerText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The language model of one installed local model.
 * @param modelId the catalog id of the installed GGUF model
 * @param maxTokens the most tokens of any answer, whatever the call asks
 */
export function createLocalLanguageModel(
  engine: LocalChatEngine,
  modelId: string,
  maxTokens?: number,
): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'local',
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const result = await engine.generateWithUsage(
        toLocalRequest(options, maxTokens),
        callOptions(options.abortSignal),
      );
      return {
        content: [{ type: 'text', text: answerText(result.value) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(result.usage),
        warnings: [],
      };
    },
    // A plain-text answer streams piece by piece as the worker writes it; a JSON answer (whose
    // grammar-constrained text means nothing until whole) comes as one piece at the end.
    async doStream(options) {
      // Read now: the stream's start runs later, outside the caller's context.
      const call = callOptions(options.abortSignal);
      const request = toLocalRequest(options, maxTokens);
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          let started = false;
          let sent = '';
          const delta = (piece: string) => {
            if (!started) controller.enqueue({ type: 'text-start', id: 'answer' });
            started = true;
            sent += piece;
            if (piece) controller.enqueue({ type: 'text-delta', id: 'answer', delta: piece });
          };
          try {
            const result = await engine.generateWithUsage(
              request,
              request.schema ? call : { ...call, onText: delta },
            );
            const text = answerText(result.value);
            // The whole answer is authoritative: whatever the pieces did not carry follows.
            delta(text.startsWith(sent) ? text.slice(sent.length) : '');
            controller.enqueue({ type: 'text-end', id: 'answer' });
            controller.enqueue({
              type: 'finish',
              usage: usage(result.usage),
              finishReason: { unified: 'stop', raw: 'stop' },
            });
          } catch (error) {
            controller.enqueue({ type: 'error', error });
          }
          controller.close();
        },
      });
      return { stream };
    },
  };
}
