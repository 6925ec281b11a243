/**
 * The three ways Summy calls an AI SDK 6 language model: plain text, a JSON answer checked against
 * a zod schema, and a streamed chat answer. Failures become `TextGenerationError` (./errors.ts).
 * Source: ai-sdk.dev/docs/ai-sdk-core/generating-structured-data.
 */
import { extractJsonMiddleware, generateText, Output, streamText, wrapLanguageModel } from 'ai';
import type { z } from 'zod';
import { TextGenerationError, type TextGenerationStep, type TextModel } from '../types.ts';
import { toTextGenerationError } from './errors.ts';

/** An AI SDK 6 provider model (specification v3), as `wrapLanguageModel` takes it. */
export type WrappableModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** Options of an AI SDK text model. */
export interface AiSdkTextModelOptions {
  /** 'provider:model', as in the AI preferences. */
  id: string;
  /** The AI SDK language model (a provider's model object, not a gateway id string). */
  model: WrappableModel;
  /**
   * 'schema' when the provider enforces a JSON schema (Anthropic, OpenAI); 'json-mode' when it
   * only promises JSON (OpenAI-compatible servers): code fences around the JSON are then stripped.
   */
  json?: 'schema' | 'json-mode';
  /** Retries on 429 and 5xx, honouring retry-after (default 2, the AI SDK's). */
  maxRetries?: number;
  /** Time limit of one call in ms, retries included (default 300,000: long meetings take time). */
  timeoutMs?: number;
}

/** A system and a user prompt. */
export interface Prompt {
  system: string;
  prompt: string;
}

/** The calls of one model; each throws `TextGenerationError` naming `step`. */
export interface AiSdkCalls {
  /** The model's text answer. */
  text(step: TextGenerationStep, p: Prompt, signal?: AbortSignal): Promise<string>;
  /**
   * The model's JSON answer, named `name`, parsed with `schema`.
   * @throws TextGenerationError 'failed' when the answer does not match the schema
   */
  object<T extends z.ZodType>(
    step: TextGenerationStep,
    schema: T,
    name: string,
    p: Prompt,
    signal?: AbortSignal,
  ): Promise<z.infer<T>>;
  /** The chat answer, streamed; 'empty' when the model says nothing. */
  answer: NonNullable<TextModel['answer']>;
}

/** The calls of the model `options` describe, with its retries and time limit. */
export function aiSdkCalls(options: AiSdkTextModelOptions): AiSdkCalls {
  const { model } = options;
  const jsonMode = options.json === 'json-mode';
  const jsonModel = jsonMode
    ? wrapLanguageModel({ model, middleware: extractJsonMiddleware() })
    : model;
  const settings = {
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 300_000,
  };

  return {
    async text(step, p, signal) {
      try {
        const result = await generateText({ model, ...p, ...settings, abortSignal: signal });
        return result.text;
      } catch (err) {
        throw toTextGenerationError(step, err);
      }
    },

    async object(step, schema, name, p, signal) {
      let answer: unknown;
      try {
        const result = await generateText({
          model: jsonModel,
          ...p,
          ...settings,
          abortSignal: signal,
          // JSON mode takes no schema (sending one only draws a warning): validated below instead.
          output: jsonMode ? Output.json({ name }) : Output.object({ schema, name }),
        });
        answer = result.output;
      } catch (err) {
        throw toTextGenerationError(step, err);
      }
      const parsed = schema.safeParse(answer);
      if (!parsed.success) {
        throw new TextGenerationError(
          step,
          'failed',
          'The AI provider answered in an unexpected format',
        );
      }
      return parsed.data;
    },

    /**
     * Streams with `streamText`; errors arrive as stream parts, and become the documented 'Chat
     * failed' / 'No response generated' like the other steps' failures.
     */
    async *answer(input, signal) {
      let produced = false;
      try {
        const result = streamText({
          model,
          system: input.system,
          messages: input.messages,
          ...settings,
          abortSignal: signal,
          // Errors are read from the stream below; the default handler would also log them.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) {
            produced = true;
            yield part.text;
          } else if (part.type === 'error') {
            throw part.error;
          }
        }
      } catch (err) {
        throw toTextGenerationError('chat', err);
      }
      if (!produced) {
        throw new TextGenerationError('chat', 'empty', 'The AI provider returned no answer');
      }
    },
  };
}
