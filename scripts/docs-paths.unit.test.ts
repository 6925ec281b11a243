/**
 * The guides that send a reader to files (docs/how-to.md, docs/architecture.md) name files that
 * exist: every relative link, and every path written in backticks (from the repository's root,
 * or from a package's sources, as the guides write them: `jobs/registry.ts` under
 * apps/server/src, `features/chat` under apps/web/src; a bare file name anywhere in a package's
 * sources). A placeholder segment (`<entity>`) stands for any folder: what comes before it must
 * exist. Catches a guide left behind by a move; and a decision record missing from the
 * architecture's list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const GUIDES = ['docs/how-to.md', 'docs/architecture.md'];
/** Folders the guides write paths from, besides the root and the guide's own folder. */
const BASES = [
  'apps/server/src',
  'apps/server',
  'apps/web/src',
  'apps/web',
  'packages/core/src',
  'packages/db/src',
  'packages/db',
  'packages/fakes/src',
];
/** Built or run-time paths, not in the repository. */
const GENERATED = /(^|\/)(dist|data|node_modules)\//;
/** Backticked words with a slash that are no path: package names, lint rules. */
const NOT_PATHS = /^@|^import-x\//;

/** Every file name under the packages' sources, for bare names (`registry.ts`). */
const SOURCE_NAMES = new Set(
  ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages', 'scripts'].flatMap((dir) =>
    readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => !f.includes('node_modules'))
      .map((f) => path.basename(f)),
  ),
);

/** `a/{b,c}/d|e` as every path it names: a/b/d, a/b/e, a/c/d, a/c/e. */
function expand(spec: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(spec);
  if (brace) return brace[1]!.split(',').flatMap((alt) => expand(spec.replace(brace[0], alt)));
  const segments = spec.split('/');
  const alternated = segments.findIndex((s) => s.includes('|'));
  if (alternated < 0) return [spec];
  return segments[alternated]!.split('|').flatMap((alt) =>
    expand([...segments.slice(0, alternated), alt, ...segments.slice(alternated + 1)].join('/')),
  );
}

/** The part of a path that must exist: up to its first placeholder or wildcard. */
function fixedPart(p: string): string {
  const segments = p.split('/');
  const open = segments.findIndex((s) => /[<*]/.test(s));
  return (open < 0 ? segments : segments.slice(0, open)).join('/');
}

/** Backticked spans of a guide that are file paths (a slash or a file extension, no spaces). */
function backtickedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return spans.filter(
    (s) =>
      !s.startsWith('/') &&
      !NOT_PATHS.test(s) &&
      !/[:=()'"]/.test(s) &&
      !GENERATED.test(s) &&
      (/^[\w.@<>{},|*-]+(\/[\w.@<>{},|*-]*)+$/.test(s) ||
        /^[\w.-]+\.(ts|tsx|md|mjs|sh|json)$/.test(s)),
  );
}

/** Relative link targets of a guide, without their #fragment. */
function linkTargets(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((t) => t && !/^[a-z]+:/.test(t));
}

/** Whether `p` (a path as a guide writes it) exists from any of the places the guide means. */
function exists(guide: string, p: string): boolean {
  const fixed = fixedPart(p);
  if (fixed === '') return true;
  if (!fixed.includes('/') && SOURCE_NAMES.has(fixed)) return true;
  const bases = ['', path.dirname(guide), ...BASES];
  return bases.some((base) => existsSync(path.join(repo, base, fixed)));
}

describe.each(GUIDES)('%s', (guide) => {
  const text = readFileSync(path.join(repo, guide), 'utf8');

  it('links only to files that exist', () => {
    const missing = linkTargets(text).filter(
      (t) => !existsSync(path.resolve(repo, path.dirname(guide), t)),
    );
    expect(missing).toEqual([]);
  });

  it('names only paths that exist', () => {
    const paths = backtickedPaths(text).flatMap(expand);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !exists(guide, p))).toEqual([]);
  });
});

it('docs/architecture.md lists every decision record', () => {
  const text = readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8');
  const records = readdirSync(path.join(repo, 'docs/decisions')).filter((f) => /^\d{3}-/.test(f));
  expect(records.length).toBeGreaterThan(60);
  expect(records.filter((f) => !text.includes(`](decisions/${f})`))).toEqual([]);
});
