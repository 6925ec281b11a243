/**
 * The repository carries everything its tests, benchmarks, e2e specs and demo read: no tracked file
 * may point at data outside the clone (a sibling `shared` folder, an absolute path of the machine
 * it was written on, or a relative path that climbs above the repository root), or `npm test`
 * passes on one machine and fails in a fresh clone.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const self = path.relative(root, import.meta.filename);

/** Text that names a place outside the repository, whatever file it is in. */
const OUTSIDE: { why: string; pattern: RegExp }[] = [
  { why: 'a sibling shared folder', pattern: /\.\.\/shared\b/ },
  { why: "a 'shared', 'testdata' path", pattern: /(['"`])shared\1\s*,\s*(['"`])testdata\2/ },
  // Not preceded by a path character, so URL paths such as `/alice/work/` stay allowed.
  { why: 'an absolute /work/ path', pattern: /(?<![\w.~}/-])\/work\// },
];

/**
 * A quoted (or parenthesised, as in Markdown links) relative path that starts by climbing: `..`,
 * `../..`, `../../x/y`. Globs (`../../*`, an import pattern) are not paths and are skipped.
 */
const CLIMB = /(?<=['"`(])\.\.(?:\/\.\.)*(?:\/[^'"`)\s*]*)?(?=['"`)])/g;

/** Tracked files that are text (no NUL byte near the start), with their repository paths. */
function trackedTextFiles(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && f !== self);
  return files.flatMap((file) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      return []; // deleted in the working tree, not yet committed
    }
    return bytes.subarray(0, 8000).includes(0) ? [] : [{ file, text: bytes.toString('utf8') }];
  });
}

/** `file:line: text` for every line of the tracked files that reaches outside the repository. */
function outsideReferences(): string[] {
  const found: string[] = [];
  for (const { file, text } of trackedTextFiles()) {
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const { why, pattern } of OUTSIDE) {
        if (pattern.test(line)) found.push(`${where}: ${why}: ${line.trim()}`);
      }
      for (const [climb] of line.matchAll(CLIMB)) {
        const target = path.resolve(root, path.dirname(file), climb);
        if (path.relative(root, target).startsWith('..')) {
          found.push(`${where}: ${climb} leaves the repository: ${line.trim()}`);
        }
      }
    });
  }
  return found;
}

describe('the repository is self-contained', () => {
  it('no tracked file reads data from outside the repository', () => {
    expect(outsideReferences()).toEqual([]);
  });

  it('names the origin and licence of every test data folder in SOURCES.md', () => {
    const sources = readFileSync(path.join(import.meta.dirname, 'SOURCES.md'), 'utf8');
    const folders = ['audio', 'meetings'].flatMap((dir) =>
      readdirSync(path.join(import.meta.dirname, dir)).map((name) => `${dir}/${name}`),
    );
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((f) => !sources.includes(f))).toEqual([]);
  });
});
