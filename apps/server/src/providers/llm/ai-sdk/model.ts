/**
 * `TextModel` on the Vercel AI SDK 6 (`generateText`, with `Output.object` and zod schemas for the
 * JSON answers), for any AI SDK language model: Anthropic, OpenAI, OpenAI-compatible. Failures
 * become `TextGenerationError` (./errors.ts). The calls are in ./calls.ts, each step's prompt and
 * answer checks in ./steps.ts. Source: ai-sdk.dev/docs/ai-sdk-core/generating-structured-data.
 */
import type { TextModel } from '../types.ts';
import { aiSdkCalls, type AiSdkTextModelOptions } from './calls.ts';
import {
  enhanceSpeakers,
  extractActionItems,
  findDoneItems,
  generateTitle,
  summarize,
  writeAroundNotes,
} from './steps.ts';

export type { AiSdkTextModelOptions, WrappableModel } from './calls.ts';

/** Creates a text model over an AI SDK language model. */
export function createAiSdkTextModel(options: AiSdkTextModelOptions): TextModel {
  const calls = aiSdkCalls(options);
  return {
    id: options.id,
    answer: calls.answer,
    generateTitle: (transcript, signal) => generateTitle(calls, transcript, signal),
    summarize: (input, signal) => summarize(calls, input, signal),
    extractActionItems: (transcript, signal) => extractActionItems(calls, transcript, signal),
    enhanceSpeakers: (transcript, signal) => enhanceSpeakers(calls, transcript, signal),
    findDoneItems: (input, signal) => findDoneItems(calls, input, signal),
    writeAroundNotes: (input, signal) => writeAroundNotes(calls, input, signal),
  };
}
