/**
 * Vitest setup file of the fast tier (projects unit and web): any attempt to start a child process
 * throws, naming the rule. Starting a process (ffmpeg to decode audio, Radicale, tar, git, a Node
 * child) costs from tens of milliseconds to seconds, far more on a loaded machine, and those tests
 * timed out under load; they belong in the slow tier (`*.slow.test.ts`, docs/testing.md), which
 * `npm run test:fast` leaves out. Patching the CommonJS exports and syncing them reaches `import {
 * spawn } from 'node:child_process'` too (Node's module.syncBuiltinESMExports).
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const starters = [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
] as const;

const writable = childProcess as unknown as Record<(typeof starters)[number], unknown>;
for (const name of starters) {
  writable[name] = () => {
    throw new Error(
      `child_process.${name} in a fast-tier test: a test that starts a process belongs in the slow ` +
        'tier; name its file *.slow.test.ts (docs/testing.md)',
    );
  };
}
syncBuiltinESMExports();
