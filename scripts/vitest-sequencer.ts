/**
 * The order Vitest starts test files in: the files that run longest first, so they overlap the
 * many short ones instead of running alone at the end.
 *
 * Vitest's own order (BaseSequencer) sorts by project name first, then by the durations of the
 * last run on this machine, or by file size when there is none: in a fresh clone the `slow`
 * project, whose files take 20-80 s each waiting on worker processes, started about 300 s into a
 * 414 s run and left the 2-core machine half idle for its last 100 s (docs/testing.md). Here the
 * files that spawn processes or decode audio (the `slow` project and `*.audio.test.ts`) go first;
 * within each group, and for the rest, Vitest's order stands.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Whether a file belongs to the long-running kinds (seconds to a minute each). */
export function isLongRunning(spec: Pick<TestSpecification, 'moduleId'> & { projectName: string }) {
  return spec.projectName === 'slow' || spec.moduleId.endsWith('.audio.test.ts');
}

/** BaseSequencer's order with the long-running files moved ahead, each group in its order. */
export default class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (s: TestSpecification) =>
      isLongRunning({ moduleId: s.moduleId, projectName: s.project.name });
    return [...sorted.filter(long), ...sorted.filter((s) => !long(s))];
  }
}
