/**
 * Unexpected `console.error` fails a test: an error printed during a test is a bug (a React
 * warning, a failed promise nobody awaited, a logged exception) unless the test says it expects
 * it. scripts/fail-on-console-error.ts installs the guard in every Vitest project; tests declare
 * an expected error with `expectConsoleError(/pattern/)`, which also fails the test if no such
 * error came. Server logs go to stdout through pino (apps/server/src/log.ts) and never trip it.
 */
import { formatWithOptions } from 'node:util';

/** One declared error: its pattern and whether a call matched it. */
interface Expectation {
  pattern: RegExp;
  seen: boolean;
}

/**
 * The state of one test: the calls nobody expected and the declared expectations. `record` is fed
 * every `console.error` call; `check` throws at the end of the test when something went wrong.
 */
export class ConsoleErrorGuard {
  private expected: Expectation[] = [];
  private unexpected: string[] = [];

  /** Forgets the previous test's calls and expectations. */
  reset(): void {
    this.expected = [];
    this.unexpected = [];
  }

  /** Declares that a `console.error` whose text matches `pattern` will happen in this test. */
  expect(pattern: RegExp): void {
    this.expected.push({ pattern, seen: false });
  }

  /**
   * Records one `console.error` call (its arguments formatted as the console would).
   * @returns whether a declared expectation matched it (an expected error need not be printed)
   */
  record(args: unknown[]): boolean {
    const text = formatWithOptions({ depth: 3 }, ...args);
    const match = this.expected.find((e) => e.pattern.test(text));
    if (match) match.seen = true;
    else this.unexpected.push(text);
    return Boolean(match);
  }

  /**
   * @throws Error listing the unexpected `console.error` calls of the test, and the declared ones
   *   that never came; the guard is reset either way
   */
  check(): void {
    const unexpected = this.unexpected;
    const missing = this.expected.filter((e) => !e.seen).map((e) => String(e.pattern));
    this.reset();
    const problems: string[] = [];
    if (unexpected.length > 0)
      problems.push(
        `console.error was called ${unexpected.length} time(s) and the test did not expect it ` +
          `(fix the cause, or declare it with expectConsoleError(/pattern/)):\n` +
          unexpected.map((text) => `  - ${text.slice(0, 2_000)}`).join('\n'),
      );
    if (missing.length > 0)
      problems.push(`expected console.error matching ${missing.join(', ')}, but none came`);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }
}

/** The guard of this test file's tests (one worker module graph per file). */
export const consoleErrorGuard = new ConsoleErrorGuard();

/**
 * Declares that the current test will call `console.error` with text matching `pattern` (such calls
 * are then not printed); the test fails if none does. Call it once per expected kind of error.
 */
export function expectConsoleError(pattern: RegExp): void {
  consoleErrorGuard.expect(pattern);
}
