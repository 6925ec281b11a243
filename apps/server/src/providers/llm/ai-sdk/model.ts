/**
 * `TextModel` on the Vercel AI SDK 6 (`generateText`, with `Output.object` and zod schemas for the
 * JSON answers), for any AI SDK language model: Anthropic, OpenAI, OpenAI-compatible. Failures
 * become `TextGenerationError` (./errors.ts). Source:
 * ai-sdk.dev/docs/ai-sdk-core/generating-structured-data.
 */
import { extractJsonMiddleware, generateText, Output, streamText, wrapLanguageModel } from 'ai';
import type { z } from 'zod';
import { actionItemSuggestionSchema, type ActionItemSuggestion } from '@summy/core';
import { GENERIC_LABEL, parseTranscript, relabelTranscript } from '../transcript.ts';
import {
  TextGenerationError,
  type DoneItem,
  type GeneratedSummary,
  type TextGenerationStep,
  type TextModel,
} from '../types.ts';
import { toTextGenerationError } from './errors.ts';
import { locateEvidence } from '../offline/done-items.ts';
import {
  actionItemsPrompt,
  doneItemsPrompt,
  speakerNamesPrompt,
  summaryPrompt,
  titlePrompt,
} from './prompts.ts';
import {
  actionItemsAnswerSchema,
  doneItemsAnswerSchema,
  speakerNamesAnswerSchema,
  summaryAnswerSchema,
} from './schemas.ts';

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

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

// Names a model may give a speaker: 1-4 words starting with a letter, no colon or line break.
function usableName(name: string | null | undefined): string | undefined {
  const n = name?.trim().replace(/\s+/g, ' ');
  if (!n || n.length > 60 || /[:\n[\]]/.test(n) || !/^\p{L}/u.test(n)) return undefined;
  if (n.split(' ').length > 4 || GENERIC_LABEL.test(n) || /^(?:null|none|unknown)$/i.test(n)) {
    return undefined;
  }
  // The meeting view reads a label as a capitalised name.
  return n.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, c: string) => s + c.toUpperCase());
}

/** Creates a text model over an AI SDK language model. */
export function createAiSdkTextModel(options: AiSdkTextModelOptions): TextModel {
  const { id, model } = options;
  const jsonModel =
    options.json === 'json-mode'
      ? wrapLanguageModel({ model, middleware: extractJsonMiddleware() })
      : model;
  const settings = {
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 300_000,
  };

  async function text(
    step: TextGenerationStep,
    p: { system: string; prompt: string },
    signal?: AbortSignal,
  ) {
    try {
      const result = await generateText({ model, ...p, ...settings, abortSignal: signal });
      return result.text;
    } catch (err) {
      throw toTextGenerationError(step, err);
    }
  }

  async function object<T extends z.ZodType>(
    step: TextGenerationStep,
    schema: T,
    name: string,
    p: { system: string; prompt: string },
    signal?: AbortSignal,
  ): Promise<z.infer<T>> {
    let answer: unknown;
    try {
      const result = await generateText({
        model: jsonModel,
        ...p,
        ...settings,
        abortSignal: signal,
        // JSON mode takes no schema (sending one only draws a warning): validated below instead.
        output:
          options.json === 'json-mode' ? Output.json({ name }) : Output.object({ schema, name }),
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
  }

  return {
    id,

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

    async generateTitle(transcript, signal) {
      if (!transcript.trim())
        throw new TextGenerationError('title', 'empty', 'The transcript is empty');
      const answer = await text('title', titlePrompt(transcript), signal);
      const title = answer
        .split('\n')
        .map((l) => l.trim())
        .find(Boolean);
      if (!title)
        throw new TextGenerationError('title', 'empty', 'The AI provider returned no title');
      return title;
    },

    async summarize(input, signal): Promise<GeneratedSummary> {
      if (!input.transcript.trim()) {
        throw new TextGenerationError('summary', 'empty', 'The transcript is empty');
      }
      const answer = await object(
        'summary',
        summaryAnswerSchema,
        'summary',
        summaryPrompt(input),
        signal,
      );
      const summary = answer.summary.trim();
      if (!summary)
        throw new TextGenerationError('summary', 'empty', 'The AI provider returned no summary');
      return {
        summary,
        topics: answer.topics
          .map((t) => ({ topic: t.topic.trim(), confidence: clamp01(t.confidence) }))
          .filter((t) => t.topic),
      };
    },

    async extractActionItems(transcript, signal): Promise<ActionItemSuggestion[]> {
      if (!transcript.trim()) return [];
      const answer = await object(
        'actionItems',
        actionItemsAnswerSchema,
        'action_items',
        actionItemsPrompt(transcript),
        signal,
      );
      const items: ActionItemSuggestion[] = [];
      for (const raw of answer.actionItems) {
        const assigned = raw.assignedTo?.trim();
        const parsed = actionItemSuggestionSchema.safeParse({
          title: raw.title.trim(),
          description: raw.description.trim(),
          assignedTo:
            assigned && !/^(?:null|none|unknown|unassigned)$/i.test(assigned) ? assigned : null,
          confidence: clamp01(raw.confidence),
        });
        // A malformed item (no title) is dropped, not the whole answer.
        if (parsed.success) items.push(parsed.data);
      }
      return items;
    },

    /**
     * Asks the model which generic label ('Speaker 2') is which named person, and puts the names
     * it is sure of in place of the labels. The transcript text itself is never rewritten by the
     * model, so nothing said can be lost or altered, and a 3-hour transcript needs no 3-hour
     * answer.
     */
    async enhanceSpeakers(transcript, signal) {
      const paragraphs = parseTranscript(transcript);
      if (paragraphs.length === 0) {
        throw new TextGenerationError('speakers', 'empty', 'The transcript is empty');
      }
      const labels = [
        ...new Set(
          paragraphs
            .filter((p) => p.labelled && GENERIC_LABEL.test(p.speaker))
            .map((p) => p.speaker),
        ),
      ];
      // Everyone is already named: nothing to ask.
      if (labels.length === 0) return transcript;
      const answer = await object(
        'speakers',
        speakerNamesAnswerSchema,
        'speaker_names',
        speakerNamesPrompt(transcript, labels),
        signal,
      );
      const names = new Map<string, string>();
      for (const { label, name } of answer.speakers) {
        const key = label
          .trim()
          .replace(/[[\]:]/g, '')
          .replace(/\s+/g, ' ');
        const usable = usableName(name);
        if (labels.includes(key) && usable) names.set(key, usable);
      }
      return relabelTranscript(transcript, names);
    },

    /**
     * Asks the model which open items the transcript says are done. An answer is kept only when
     * its quoted evidence is found in one turn of the transcript, so an item the model imagines
     * done is never suggested.
     */
    async findDoneItems({ transcript, items }, signal): Promise<DoneItem[]> {
      if (items.length === 0 || !transcript.trim()) return [];
      const answer = await object(
        'actionItems',
        doneItemsAnswerSchema,
        'done_items',
        doneItemsPrompt(transcript, items),
        signal,
      );
      const found = new Map<string, DoneItem>();
      for (const { item, evidence } of answer.done) {
        const open = items[item - 1];
        const position = locateEvidence(transcript, evidence);
        if (open && position !== null && !found.has(open.id)) {
          found.set(open.id, { id: open.id, evidence: evidence.trim(), position });
        }
      }
      return [...found.values()];
    },
  };
}
