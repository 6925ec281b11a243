/**
 * Shared by the benchmarks: a registry of clean-up steps run in reverse order of registration,
 * on success, error or Ctrl-C, so no server, PostgreSQL process or temporary folder outlives a
 * run; and the progress logger (stderr, so the printed figures stay clean on stdout).
 */

/** Clean-up steps; push one right after starting what it stops. */
export const cleanups: (() => Promise<void> | void)[] = [];

/** Runs and empties the clean-up steps, newest first; a failing step is logged, not fatal. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('[bench] cleanup failed:', err instanceof Error ? err.message : err);
    }
  }
}

/** A progress line on stderr. */
export function log(message: string): void {
  console.error(`[bench] ${message}`);
}

/**
 * Runs a bench's `main` and exits: code 0 when it resolved true (its bars held), 1 when false,
 * 2 when it threw; the clean-up steps run in every case.
 */
export async function runBench(main: () => Promise<boolean>): Promise<never> {
  let code = 2;
  try {
    code = (await main()) ? 0 : 1;
  } catch (err) {
    console.error(err);
  } finally {
    await runCleanups();
  }
  process.exit(code);
}
