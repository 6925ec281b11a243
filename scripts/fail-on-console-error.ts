/**
 * Vitest setup file of every project: a test fails when `console.error` is called during it and
 * the test did not declare it with `expectConsoleError` (scripts/console-errors.ts,
 * docs/testing.md). Unexpected errors are still printed; declared ones are not.
 */
import { afterEach, beforeEach } from 'vitest';
import { consoleErrorGuard } from './console-errors.ts';

const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (!consoleErrorGuard.record(args)) original(...args);
};

beforeEach(() => consoleErrorGuard.reset());
afterEach(() => consoleErrorGuard.check());
