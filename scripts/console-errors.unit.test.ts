/** The console.error guard: what fails a test and what a declared expectation allows. */
import { describe, expect, it } from 'vitest';
import { ConsoleErrorGuard, expectConsoleError } from './console-errors.ts';

describe('the console.error guard', () => {
  it('fails a test that called console.error without declaring it', () => {
    const guard = new ConsoleErrorGuard();
    expect(guard.record(['Warning: Each child in a list should have a unique "key" prop.'])).toBe(
      false,
    );
    expect(() => guard.check()).toThrow(
      /console\.error was called 1 time\(s\)[\s\S]*unique "key" prop/,
    );
    // The next test starts clean.
    expect(() => guard.check()).not.toThrow();
  });

  it('lets a declared error through, and fails when the declared error never came', () => {
    const guard = new ConsoleErrorGuard();
    guard.expect(/upload failed/);
    expect(guard.record(['[upload] upload failed:', new Error('disk full')])).toBe(true);
    expect(() => guard.check()).not.toThrow();
    guard.expect(/never printed/);
    expect(() => guard.check()).toThrow('expected console.error matching /never printed/');
  });

  it('still fails on an undeclared error beside a declared one', () => {
    const guard = new ConsoleErrorGuard();
    guard.expect(/known/);
    guard.record(['known problem']);
    guard.record(['something else']);
    expect(() => guard.check()).toThrow(/1 time\(s\)[\s\S]*something else/);
  });

  it('is installed in this project: a declared console.error passes', () => {
    expectConsoleError(/declared on purpose/);
    console.error('declared on purpose');
  });
});
