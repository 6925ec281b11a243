/**
 * The server bundle that spawned test servers run (`spawnSummy`, the e2e servers): what `npm start`
 * runs, built by scripts/build-server.mjs from the sources as they are now. Loading the sources
 * through tsx cost a spawned server 5.1-5.3 s of CPU to its first health answer, the bundle 2.4-2.5
 * s (docs/decisions/074-spawned-test-servers-run-the-bundle.md).
 *
 * Built once per state of the sources, into `.tmp/server-bundle/<hash>` (the hash of the server's
 * and the workspace packages' sources, the build script and the lockfile), as deep in the
 * repository as `apps/server/dist`, so that it resolves the npm packages alike. Built in a
 * staging folder and renamed into place, so that processes that race end with one bundle and none
 * runs a half-written one.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../..');
const bundles = path.join(root, '.tmp/server-bundle');

/** What the bundle is made of: every file under these, the build script and the lockfile. */
const SOURCE_DIRS = ['apps/server/src', 'packages'];
const SOURCE_FILES = ['scripts/build-server.mjs', 'package-lock.json', 'tsconfig.base.json'];

/** How old another bundle must be before a new build removes it: a running test may use it. */
const STALE_MS = 60 * 60 * 1000;

let bundle: Promise<string> | undefined;

/**
 * The node arguments that run the bundle as `npm start` does: scripts/start.sh's node flags
 * (`--liftoff-only`: a spawned server lived seconds, and over a migrated database used 2.6-2.7
 * CPU-seconds to its first health answer with it against 3.7 without), then its main.js.
 * @throws Error with esbuild's output when the build fails
 */
export async function serverBundleArgs(): Promise<string[]> {
  const script = readFileSync(path.join(root, 'scripts/start.sh'), 'utf8');
  const flags = /exec node (.*?)apps\/server\/dist\/main\.js/.exec(script)?.[1];
  if (flags === undefined)
    throw new Error('scripts/start.sh no longer runs apps/server/dist/main.js');
  return [...flags.split(/\s+/).filter(Boolean), await serverBundleMain()];
}

/**
 * The bundle's `main.js` for the sources as they are, built when missing (about a second).
 * @returns the absolute path of the bundle's main.js
 * @throws Error with esbuild's output when the build fails
 */
export function serverBundleMain(): Promise<string> {
  bundle ??= findOrBuild();
  return bundle;
}

/** Every file under `dir` (relative to the root), skipping node_modules and dist, sorted. */
function filesUnder(dir: string): string[] {
  const names = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' });
  return names
    .filter((name) => !/(^|\/)(node_modules|dist)(\/|$)/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(path.join(root, file)).isFile())
    .sort();
}

/** The hash of the bundle's sources (16 hex digits). */
function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of [...SOURCE_DIRS.flatMap(filesUnder), ...SOURCE_FILES]) {
    hash.update(file).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function findOrBuild(): Promise<string> {
  const dir = path.join(bundles, sourcesHash());
  const main = path.join(dir, 'main.js');
  if (existsSync(main)) return main;
  mkdirSync(bundles, { recursive: true });
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', staging], {
      cwd: root,
    });
    try {
      renameSync(staging, dir);
    } catch (err) {
      // Another process renamed its bundle into place first: use that one.
      if (!existsSync(main)) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  removeStale(dir);
  return main;
}

/** Removes the bundles of earlier sources that no test has made for an hour. */
function removeStale(keep: string): void {
  for (const name of readdirSync(bundles)) {
    const other = path.join(bundles, name);
    if (other !== keep && Date.now() - statSync(other).mtimeMs > STALE_MS) {
      rmSync(other, { recursive: true, force: true });
    }
  }
}
