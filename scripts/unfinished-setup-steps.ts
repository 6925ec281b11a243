/**
 * Vitest setup file of the projects that start servers and processes (slow, pglite, postgres):
 * a file whose setup hook ran out of time fails with the name of the step that was still running,
 * how long it had run and the machine's load. Vitest's own message ("Hook timed out in 180000ms")
 * names no step, and every test of the file is then left unrun: the step is what to look at.
 * The harness marks its steps with `setupStep` (apps/server/test/setup-steps.ts).
 */
import os from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import { unfinishedSetupSteps } from '../apps/server/test/setup-steps.ts';

// With isolate: false a worker runs file after file: a step that an earlier file left running is
// that file's to report.
let earlier = new Set<object>();
beforeAll(() => {
  earlier = new Set(unfinishedSetupSteps());
});

afterAll(() => {
  const steps = unfinishedSetupSteps().filter((s) => !earlier.has(s));
  if (steps.length === 0) return;
  const now = Date.now();
  throw new Error(
    `Test setup did not finish: ${steps
      .map((s) => `"${s.name}" still running after ${Math.round((now - s.started) / 1000)} s`)
      .join(
        '; ',
      )} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  );
});
