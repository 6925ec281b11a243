/**
 * The text workers: each picks the user's model and runs one text step. A failed step throws the
 * step's `TextGenerationError` (with the vendor's status: 429, 401, 502 or 504), which the text
 * routes answer as `{error, details}`. `signal` (the request's, aborted when the client goes away)
 * stops the vendor call.
 */
import type { ActionItemSuggestion } from '@summy/core';
import type { Database } from '@summy/db';
import type { Env } from '../../env.ts';
import type { TextModelOverride } from '../../providers/llm/select.ts';
import { enhanceSpeakers } from './enhance-speakers.ts';
import { extractActionItems } from './extract-action-items.ts';
import { generateTitle } from './generate-title.ts';
import { summarizeTranscript } from './summarize-transcript.ts';
import { textModelForUser } from './text-model-for-user.ts';

/** What the workers need. */
export interface TextWorkerDeps {
  db: Database;
  env: Pick<Env, 'settings'>;
}

/** Body of the summary worker. */
export interface SummaryWorkerInput extends TextModelOverride {
  transcript: string;
  meetingTitle?: string | undefined;
  template?: string | undefined;
  generateTitle?: boolean | undefined;
}

/** Answer of the summary worker: the summary, or with `generateTitle` the title (also as `summary`). */
export interface SummaryWorkerAnswer {
  summary: string;
  title?: string;
  topics?: { topic: string; confidence: number }[];
}

/**
 * Summary (with topics), or with `generateTitle` a title cut to 50 characters, answered both as
 * `title` and as `summary` for clients that read either.
 * @throws TextGenerationError with the documented message ('Summary generation failed', 'No title
 *   generated', …)
 */
export async function runSummaryWorker(
  deps: TextWorkerDeps,
  userId: string,
  input: SummaryWorkerInput,
  signal?: AbortSignal,
): Promise<SummaryWorkerAnswer> {
  const { model, template } = await textModelForUser(deps, userId, input);
  if (input.generateTitle) {
    // The worker titles a meeting being made now: a transcript with no subject is dated today.
    const title = await generateTitle(model, input.transcript, signal, new Date());
    return { title, summary: title };
  }
  return summarizeTranscript(
    model,
    {
      transcript: input.transcript,
      meetingTitle: input.meetingTitle ?? '',
      template: input.template ?? template,
    },
    signal,
  );
}

/**
 * Action items of a transcript, with the documented chunking fallback.
 * @throws TextGenerationError 'Action item extraction failed'
 */
export async function runActionItemsWorker(
  deps: TextWorkerDeps,
  userId: string,
  input: TextModelOverride & { transcript: string },
  signal?: AbortSignal,
): Promise<{ actionItems: ActionItemSuggestion[] }> {
  const { model } = await textModelForUser(deps, userId, input);
  return { actionItems: await extractActionItems(model, input.transcript, { signal }) };
}

/**
 * The transcript with speaker names where evident.
 * @throws TextGenerationError 'Speaker enhancement failed' / 'No enhanced transcript returned'
 */
export async function runEnhanceSpeakersWorker(
  deps: TextWorkerDeps,
  userId: string,
  input: TextModelOverride & { transcript: string },
  signal?: AbortSignal,
): Promise<{ enhancedTranscript: string }> {
  const { model } = await textModelForUser(deps, userId, input);
  return { enhancedTranscript: await enhanceSpeakers(model, input.transcript, signal) };
}
