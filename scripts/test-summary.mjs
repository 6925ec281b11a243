// Prints one closing line for the test stages that ran, 'N passed, N failed' (CI reads it), from
// their JSON reports: `node scripts/test-summary.mjs REPORT...`, each a Vitest or a Playwright
// report. A report that is missing (its stage crashed before writing one) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.stats) {
    // Playwright
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  } else {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
}
console.log(`\nsummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
