/**
 * Worker-thread entry of the offline text model (./text-pool.ts): runs one method of
 * {@link createOfflineTextModel} per message, so a long transcript's sentence splitting, scoring
 * and rule matching (seconds of CPU for megabytes of text) never holds the server's event loop.
 * Messages: {@link TextTask} in, its value or a {@link TextTaskError} out.
 */
import { serveThreadTasks } from '../../../threads/thread-pool.ts';
import { NoSubjectError, TextGenerationError } from '../types.ts';
import { createOfflineTextModel } from './model.ts';
import { extractivePoints } from './points.ts';
import type { TextTask, TextTaskError } from './text-pool.ts';

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
    case 'extractivePoints':
      return extractivePoints(task.transcript);
  }
}

serveThreadTasks<TextTask>(
  async (task) => ({ value: await run(task) }),
  // Errors cross the thread boundary as plain data; the pool rebuilds the same classes.
  (err): TextTaskError =>
    err instanceof TextGenerationError
      ? {
          kind: err instanceof NoSubjectError ? 'no-subject' : err.kind,
          step: err.step,
          details: err.details,
        }
      : { kind: 'other', details: (err as Error)?.message ?? String(err) },
);
