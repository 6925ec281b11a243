// Prints the closing lines for the test stages that ran (CI keeps only the tail of the log, so
// what failed must be named here, not only thousands of lines above): every failed test, failed
// test file and missing report by name, then one line 'summary: N passed, N failed, N skipped'
// (CI reads it). `node scripts/test-summary.mjs REPORT...`, each a Vitest or a Playwright JSON
// report. A report that is missing (its stage crashed before writing one) counts as one failure; so
// does a Vitest file that failed outside any test (an import error, a failing hook) and a run that
// reported unhandled errors.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const named = [];

/** Walks a Playwright suite tree, naming each spec whose outcome was unexpected. */
function playwrightFailures(suite, trail) {
  for (const spec of suite.specs ?? []) {
    if (!spec.ok) named.push(`${trail} › ${spec.title} (${spec.file}:${spec.line})`);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, `${trail} › ${child.title}`);
}

for (const file of process.argv.slice(2)) {
  const stage = path.basename(file, '.json');
  if (!existsSync(file)) {
    failed += 1;
    named.push(`${stage}: no report (the stage crashed before writing ${file})`);
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.stats) {
    // Playwright
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    for (const suite of r.suites ?? []) playwrightFailures(suite, stage);
    for (const e of r.errors ?? []) named.push(`${stage}: ${String(e.message).split('\n')[0]}`);
  } else {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    for (const t of r.testResults ?? []) {
      const rel = path.relative(process.cwd(), t.name);
      const bad = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of bad) named.push(`${stage}: ${rel} › ${a.fullName}`);
      if (t.status === 'failed' && bad.length === 0) {
        failed += 1;
        named.push(
          `${stage}: ${rel} failed outside its tests: ${String(t.message).split('\n')[0]}`,
        );
      }
    }
    if (r.success === false && named.every((n) => !n.startsWith(`${stage}:`))) {
      failed += 1;
      named.push(`${stage}: the run failed with no failed test (an unhandled error; see above)`);
    }
  }
}
if (named.length > 0) console.log(`\nfailed:\n${named.map((n) => `  ${n}`).join('\n')}`);
console.log(`\nsummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
