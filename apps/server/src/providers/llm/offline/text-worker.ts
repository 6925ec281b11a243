/**
 * Worker-thread entry of the offline text model (./text-pool.ts): runs one method of
 * {@link createOfflineTextModel} per message, so a long transcript's sentence splitting, scoring
 * and rule matching (seconds of CPU for megabytes of text) never holds the server's event loop.
 * Messages: {@link TextTask} in, {@link TextTaskResult} out.
 */
import { parentPort } from 'node:worker_threads';
import { NoSubjectError, TextGenerationError } from '../types.ts';
import { createOfflineTextModel } from './model.ts';
import type { TextTask, TextTaskResult } from './text-pool.ts';

const model = createOfflineTextModel();

/** Runs one task on this thread's model. */
async function run(task: TextTask): Promise<unknown> {
  switch (task.method) {
    case 'generateTitle':
      return model.generateTitle(task.transcript);
    case 'summarize':
      return model.summarize({
        transcript: task.transcript,
        meetingTitle: task.meetingTitle ?? '',
        template: task.template ?? 'general',
      });
    case 'extractActionItems':
      return model.extractActionItems(task.transcript);
  }
}

parentPort?.on('message', (task: TextTask) => {
  run(task).then(
    (value): void => parentPort!.postMessage({ id: task.id, value } satisfies TextTaskResult),
    (err: unknown): void => {
      // Errors cross the thread boundary as plain data; the pool rebuilds the same classes.
      const error =
        err instanceof TextGenerationError
          ? {
              kind: err instanceof NoSubjectError ? ('no-subject' as const) : err.kind,
              step: err.step,
              details: err.details,
            }
          : { kind: 'other' as const, details: (err as Error)?.message ?? String(err) };
      parentPort!.postMessage({ id: task.id, error } satisfies TextTaskResult);
    },
  );
});
