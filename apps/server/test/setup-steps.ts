/**
 * Named steps of a test file's setup (opening a database, starting a server, Radicale): a step
 * that throws fails with its name, and one still running when its hook's time ran out is named by
 * scripts/unfinished-setup-steps.ts after the file. Without a name a slow setup showed only as
 * "Hook timed out" and a file of unrun tests.
 */
import os from 'node:os';

interface RunningStep {
  name: string;
  /** Date.now() at its start. */
  started: number;
}

// On globalThis: with isolate: false the worker keeps one module graph, and the setup file may
// load its own copy of this module.
const running = ((globalThis as { __summySetupSteps?: Set<RunningStep> }).__summySetupSteps ??=
  new Set());

/** The steps begun and not yet finished in this worker process, oldest first. */
export function unfinishedSetupSteps(): readonly RunningStep[] {
  return [...running];
}

/**
 * Runs `work` as the setup step `name`.
 * @returns what `work` resolves to
 * @throws Error "Test setup failed at <name> after <n> s (load average …): <cause>", with the
 *   original error as `cause`
 */
export async function setupStep<T>(name: string, work: () => Promise<T>): Promise<T> {
  const step = { name, started: Date.now() };
  running.add(step);
  try {
    return await work();
  } catch (err) {
    const seconds = ((Date.now() - step.started) / 1000).toFixed(1);
    const load = os.loadavg()[0]!.toFixed(1);
    throw new Error(
      `Test setup failed at "${name}" after ${seconds} s (load average ${load}): ${
        err instanceof Error ? err.message : String(err)
      }`,
      { cause: err },
    );
  } finally {
    running.delete(step);
  }
}
