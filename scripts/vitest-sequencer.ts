/**
 * The order Vitest starts test files in: the files that mostly wait on other processes first, so
 * the static checks and the web build running beside the tests at the lowest priority
 * (scripts/test.sh) use the cores they leave idle, and the run ends on short files that keep
 * both cores busy.
 *
 * Vitest's own order (BaseSequencer) sorts by project name first, then by the durations of the
 * last run on this machine, or by file size when there is none. In a fresh clone the `slow`
 * project, whose files take 20-80 s each waiting on worker processes, started about 300 s into a
 * 414 s run, and the restart tests, which wait for servers to stop and start, ran last: the
 * 2-core machine was half idle for the last 100 s (docs/testing.md). Here the files that spawn
 * processes or decode audio go first: the `slow` project, `*.audio.test.ts`, and the files that
 * start Summy servers as processes (`spawnSummy(`). Within each group Vitest's order stands.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Whether a file mostly waits on processes it starts (seconds to a minute each).
 * @param source the file's text, read when the name does not already tell
 */
export function waitsOnProcesses(
  spec: { moduleId: string; projectName: string },
  source: () => string,
): boolean {
  if (spec.projectName === 'slow' || spec.moduleId.endsWith('.audio.test.ts')) return true;
  return source().includes('spawnSummy(');
}

/** BaseSequencer's order with the files that wait on processes moved ahead, each group in order. */
export default class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const sources = new Map<string, string>();
    const first = (s: TestSpecification) =>
      waitsOnProcesses({ moduleId: s.moduleId, projectName: s.project.name }, () => {
        if (!sources.has(s.moduleId)) sources.set(s.moduleId, readFileSync(s.moduleId, 'utf8'));
        return sources.get(s.moduleId)!;
      });
    return [...sorted.filter(first), ...sorted.filter((s) => !first(s))];
  }
}
