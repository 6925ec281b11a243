/**
 * The fast tier's guard (./no-child-processes.ts, a setup file of the unit and web projects): every
 * way of starting a child process throws inside a fast-tier test, through the ESM named imports as
 * well as the module object.
 */
import childProcess, {
  exec,
  execFile,
  execFileSync,
  execSync,
  fork,
  spawn,
  spawnSync,
} from 'node:child_process';
import { describe, expect, it } from 'vitest';

const rule = /starts a process belongs in the slow tier; name its file \*\.slow\.test\.ts/;

describe('a fast-tier test cannot start a process', () => {
  it.each([
    ['spawn', () => spawn('true')],
    ['spawnSync', () => spawnSync('true')],
    ['exec', () => exec('true')],
    ['execSync', () => execSync('true')],
    ['execFile', () => execFile('true')],
    ['execFileSync', () => execFileSync('true')],
    ['fork', () => fork('-e')],
  ])('%s (named import) throws naming the slow tier', (name, start) => {
    expect(start).toThrow(rule);
    expect(start).toThrow(`child_process.${name}`);
  });

  it('the module object is guarded too', () => {
    expect(() => childProcess.spawnSync('true')).toThrow(rule);
  });
});
