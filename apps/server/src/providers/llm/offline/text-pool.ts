/**
 * A small pool of worker threads for the offline text model
 * (docs/decisions/036-heavy-work-off-the-request-path.md).
 * The offline summary, title and action items are synchronous CPU work that grows with the
 * transcript (about a second per megabyte); on the main thread a batch of regenerations held
 * every request behind it. The threads are the server's thread pool's (threads/thread-pool.ts):
 * started on first use, `unref`'d while idle, replaced when one dies.
 */
import os from 'node:os';
import type { ActionItemSuggestion } from '@summy/core';
import {
  NoSubjectError,
  TextGenerationError,
  type GeneratedSummary,
  type TextGenerationStep,
  type TextModel,
} from '../types.ts';
import { createThreadPool } from '../../../threads/thread-pool.ts';
import { OFFLINE_MODEL_ID } from './model.ts';
import type { ExtractivePoint } from './points.ts';

/** One task for a worker thread. */
export type TextTask = { transcript: string } & (
  | {
      method: 'generateTitle' | 'extractActionItems' | 'extractivePoints';
      meetingTitle?: never;
      template?: never;
    }
  | { method: 'summarize'; meetingTitle: string; template: string }
);

/** An error a worker thread threw, as plain data (the pool rebuilds the same class). */
export interface TextTaskError {
  kind: 'failed' | 'empty' | 'no-subject' | 'other';
  step?: TextGenerationStep;
  details: string;
}

/**
 * Threads of the pool: one per core beyond the first, at least one, at most 4. On two cores one
 * thread does the text work while the main thread serves requests.
 */
export const TEXT_POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** The entry file: the TypeScript source under tsx, or the bundle's dist/offline-text-worker.js. */
const entry = import.meta.url.endsWith('.ts')
  ? new URL('./text-worker.ts', import.meta.url)
  : new URL('./offline-text-worker.js', import.meta.url);

const pool = createThreadPool<TextTask, unknown>({
  entry,
  size: TEXT_POOL_SIZE,
  name: 'the offline text worker',
  decodeError: (error) => rebuildError(error as TextTaskError),
});

function rebuildError(error: TextTaskError): Error {
  if (error.kind === 'no-subject') return new NoSubjectError(error.details);
  if (error.kind === 'other' || !error.step) return new Error(error.details);
  return new TextGenerationError(error.step, error.kind, error.details);
}

/**
 * Runs one offline text task on a worker thread.
 * @throws TextGenerationError / NoSubjectError as the offline model throws them; Error when the
 *   thread died; the signal's reason when `signal` aborted before the task started
 */
export function runTextTask<T>(task: TextTask, signal?: AbortSignal): Promise<T> {
  return pool.run(task, signal) as Promise<T>;
}

/**
 * The offline extractive summary's points with their turns (./points.ts), on a
 * worker thread.
 * @throws Error when the thread died; the signal's reason when `signal` aborted first
 */
export function extractivePointsOffThread(
  transcript: string,
  signal?: AbortSignal,
): Promise<ExtractivePoint[]> {
  return runTextTask<ExtractivePoint[]>({ method: 'extractivePoints', transcript }, signal);
}

/**
 * The offline text model with its CPU work on the pool's threads: same answers and errors as
 * {@link createOfflineTextModel}, which the threads run.
 */
export function createPooledOfflineTextModel(): TextModel {
  return {
    id: OFFLINE_MODEL_ID,
    generateTitle: (transcript, signal) =>
      runTextTask<string>({ method: 'generateTitle', transcript }, signal),
    summarize: ({ transcript, meetingTitle, template }, signal) =>
      runTextTask<GeneratedSummary>(
        { method: 'summarize', transcript, meetingTitle, template },
        signal,
      ),
    extractActionItems: (transcript, signal) =>
      runTextTask<ActionItemSuggestion[]>({ method: 'extractActionItems', transcript }, signal),
    // No CPU work: the transcript is kept as it is.
    async enhanceSpeakers(transcript) {
      if (!transcript.trim()) {
        throw new TextGenerationError('speakers', 'empty', 'The transcript is empty');
      }
      return transcript;
    },
  };
}
