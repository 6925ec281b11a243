/**
 * A small pool of worker threads for the offline text model
 * (docs/decisions/036-heavy-work-off-the-request-path.md).
 * The offline summary, title and action items are synchronous CPU work that grows with the
 * transcript (about a second per megabyte); on the main thread a batch of regenerations held
 * every request behind it. Threads start on first use and are `unref`'d while idle (an idle
 * thread never keeps the process alive); a thread that dies is replaced on the next task.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ActionItemSuggestion } from '@summy/core';
import {
  NoSubjectError,
  TextGenerationError,
  type GeneratedSummary,
  type TextGenerationStep,
  type TextModel,
} from '../types.ts';
import { OFFLINE_MODEL_ID } from './model.ts';

/** One task for a worker thread. */
export type TextTask = { id: number; transcript: string } & (
  | { method: 'generateTitle' | 'extractActionItems'; meetingTitle?: never; template?: never }
  | { method: 'summarize'; meetingTitle: string; template: string }
);

/** A worker thread's answer to task `id`: its value, or the error it threw as plain data. */
export interface TextTaskResult {
  id: number;
  value?: unknown;
  error?: {
    kind: 'failed' | 'empty' | 'no-subject' | 'other';
    step?: TextGenerationStep;
    details: string;
  };
}

/**
 * Threads of the pool: one per core beyond the first, at least one, at most 4. On two cores one
 * thread does the text work while the main thread serves requests.
 */
export const TEXT_POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1));

interface Pending {
  task: TextTask;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

const idle: Worker[] = [];
const busy = new Map<Worker, Pending>();
const waiting: Pending[] = [];
let nextId = 1;

/** The entry file: the TypeScript source under tsx, or the bundle's dist/offline-text-worker.js. */
function startWorker(): Worker {
  const here = import.meta.url;
  const worker = here.endsWith('.ts')
    ? // tsx registers its loader per thread: the thread registers it, then imports the source.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          new URL('./text-worker.ts', here).href,
        )}); })`,
        { eval: true },
      )
    : new Worker(new URL('./offline-text-worker.js', here));
  worker.unref();
  worker.on('message', (result: TextTaskResult) => {
    const pending = busy.get(worker);
    if (!pending || pending.task.id !== result.id) return;
    busy.delete(worker);
    if (result.error) pending.reject(rebuildError(result.error));
    else pending.resolve(result.value);
    worker.unref();
    idle.push(worker);
    dispatch();
  });
  const lost = (err: Error) => {
    const pending = busy.get(worker);
    busy.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    pending?.reject(err);
    dispatch();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`the offline text worker stopped (exit ${code})`)));
  return worker;
}

function rebuildError(error: NonNullable<TextTaskResult['error']>): Error {
  if (error.kind === 'no-subject') return new NoSubjectError(error.details);
  if (error.kind === 'other' || !error.step) return new Error(error.details);
  return new TextGenerationError(error.step, error.kind, error.details);
}

/** Hands waiting tasks to idle threads, starting threads up to {@link TEXT_POOL_SIZE}. */
function dispatch(): void {
  while (waiting.length) {
    const worker =
      idle.pop() ?? (busy.size + idle.length < TEXT_POOL_SIZE ? startWorker() : undefined);
    if (!worker) return;
    const pending = waiting.shift()!;
    busy.set(worker, pending);
    // Referenced while it works, so a CLI awaiting the answer is not ended by an empty loop.
    worker.ref();
    worker.postMessage(pending.task);
  }
}

/**
 * Runs one offline text task on a worker thread.
 * @throws TextGenerationError / NoSubjectError as the offline model throws them; Error when the
 *   thread died; the signal's reason when `signal` aborted before the task started
 */
export function runTextTask<T>(
  task: Omit<TextTask, 'id'> & Partial<Pick<TextTask, 'meetingTitle' | 'template'>>,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const pending: Pending = {
      task: { ...task, id: nextId++ } as TextTask,
      resolve: resolve as (value: unknown) => void,
      reject,
    };
    // A task still waiting for a thread is dropped on abort; a running one finishes (seconds).
    signal?.addEventListener(
      'abort',
      () => {
        const at = waiting.indexOf(pending);
        if (at >= 0) {
          waiting.splice(at, 1);
          reject(signal.reason as Error);
        }
      },
      { once: true },
    );
    waiting.push(pending);
    dispatch();
  });
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
