import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'test-summary.mjs');

/** Runs the summary script on the given reports (name -> JSON, or null for a missing file). */
function summarize(reports: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-summary-'));
  const files = Object.entries(reports).map(([name, body]) => {
    const file = path.join(dir, `${name}.json`);
    if (body !== null) writeFileSync(file, JSON.stringify(body));
    return file;
  });
  return execFileSync(process.execPath, [script, ...files], { encoding: 'utf8' });
}

const vitestReport = {
  success: false,
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: path.join(process.cwd(), 'apps/server/a.test.ts'),
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'a works' },
        { status: 'failed', fullName: 'a answers 404' },
      ],
    },
    {
      name: path.join(process.cwd(), 'apps/server/b.test.ts'),
      status: 'failed',
      message: 'Cannot find module x\n    at stack',
      assertionResults: [],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 2, flaky: 1, unexpected: 1, skipped: 2 },
  suites: [
    {
      title: 'upload.spec.ts',
      specs: [{ title: 'uploads', ok: true, file: 'upload.spec.ts', line: 3 }],
      suites: [
        {
          title: 'with a microphone',
          specs: [{ title: 'records', ok: false, file: 'upload.spec.ts', line: 9 }],
        },
      ],
    },
  ],
  errors: [],
};

describe('scripts/test-summary.mjs', () => {
  it('names each failed test, file and missing report above the summary line CI reads', () => {
    const out = summarize({
      'vitest-pglite': vitestReport,
      playwright: playwrightReport,
      'vitest-postgres': null,
    });
    const lines = out.trim().split('\n');
    expect(lines.at(-1)).toBe('summary: 6 passed, 4 failed, 3 skipped');
    expect(out).toContain('vitest-pglite: apps/server/a.test.ts › a answers 404');
    expect(out).not.toContain('a works');
    expect(out).toContain(
      'vitest-pglite: apps/server/b.test.ts failed outside its tests: Cannot find module x',
    );
    expect(out).toContain('playwright › with a microphone › records (upload.spec.ts:9)');
    expect(out).toMatch(/vitest-postgres: no report/);
  });

  it('counts a failed run with no failed test (an unhandled error) as a failure', () => {
    const out = summarize({
      'vitest-unit': { ...vitestReport, numFailedTests: 0, testResults: [] },
    });
    expect(out).toContain('vitest-unit: the run failed with no failed test');
    expect(out.trim().split('\n').at(-1)).toBe('summary: 3 passed, 1 failed, 1 skipped');
  });

  it('prints only the summary line when everything passed', () => {
    const out = summarize({
      playwright: {
        ...playwrightReport,
        stats: { expected: 5, flaky: 0, unexpected: 0, skipped: 0 },
        suites: [],
      },
    });
    expect(out.trim()).toBe('summary: 5 passed, 0 failed, 0 skipped');
  });
});
