/**
 * scripts/use-node.sh, the choice of the Node that `npm start` and `npm test` run on: the
 * machine's own when it is Node 22.12 or later within 22, otherwise the pinned Node installed from
 * the npm registry into tools/node by `npm ci`, once. Runs the real script in a copy of the
 * repository's relevant files, on a PATH holding only stand-ins for `node` and `npm` (shell scripts
 * that print a version, and log how they were called) and the few system tools it needs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptSandbox, type ScriptSandbox } from './script-sandbox.ts';

const repo = path.resolve(import.meta.dirname, '..');
const pinned = readFileSync(path.join(repo, '.nvmrc'), 'utf8').trim();
const tools = ['sh', 'dirname', 'tr', 'sed', 'uname', 'cat', 'mkdir', 'chmod'];

let box: ScriptSandbox;
let root: string;
let bin: string;

/** The machine's `node`, printing `version`; and an `npm` whose `ci` installs `installs`. */
function machine(version: string | null, npm: 'installs pinned' | 'installs nothing' | 'absent') {
  if (version) box.stub(path.join(bin, 'node'), `echo ${version}`);
  if (npm === 'absent') return;
  const installed = `"$3/node_modules/.bin/node"`;
  box.stub(
    path.join(bin, 'npm'),
    npm === 'installs pinned'
      ? `mkdir -p "$3/node_modules/.bin"\nprintf '#!/bin/sh\\necho v${pinned}\\n' > ${installed}\nchmod +x ${installed}`
      : 'exit 0',
  );
}

/** Runs `bash scripts/use-node.sh node --version` in the copy: what a package.json script does. */
async function useNode() {
  const r = await box.run(['scripts/use-node.sh', 'node', '--version']);
  return { ...r, stdout: r.stdout.trim() };
}

const calls = () => box.calls();

beforeEach(() => {
  box = scriptSandbox('use-node', tools, ['scripts/use-node.sh', '.nvmrc', 'package.json']);
  ({ root, bin } = box);
});
afterEach(() => box.remove());

describe('scripts/use-node.sh', () => {
  it.each(['v22.12.0', 'v22.23.3', 'v22.30.1'])(
    "uses the machine's own Node %s and downloads nothing",
    async (version) => {
      machine(version, 'installs pinned');
      const r = await useNode();
      expect(r).toMatchObject({ code: 0, stdout: version });
      expect(r.stderr).toContain(`Using this machine's Node ${version}`);
      expect(calls().filter((c) => c.startsWith('npm'))).toEqual([]);
    },
  );

  it.each(['v20.20.2', 'v18.19.0', 'v22.11.0', 'v24.1.0', 'v23.11.0'])(
    'on Node %s installs the pinned Node from the npm registry into tools/node once, and runs on it',
    async (version) => {
      machine(version, 'installs pinned');
      const first = await useNode();
      expect(first).toMatchObject({ code: 0, stdout: `v${pinned}` });
      expect(first.stderr).toContain(`This machine's Node is ${version}`);
      expect(first.stderr).toContain(`Installing Node ${pinned} from the npm registry`);
      expect(first.stderr).toContain(`Using Node v${pinned} from tools/node`);
      const npm = calls().filter((c) => c.startsWith('npm'));
      expect(npm).toHaveLength(1);
      expect(npm[0]).toMatch(new RegExp(`^npm ci --prefix ${root}/tools/node `));

      // The second run finds it installed.
      const second = await useNode();
      expect(second).toMatchObject({ code: 0, stdout: `v${pinned}` });
      expect(second.stderr).not.toContain('Installing');
      expect(calls().filter((c) => c.startsWith('npm'))).toHaveLength(1);
    },
  );

  it("takes the range from package.json's engines", async () => {
    const manifest = path.join(root, 'package.json');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(/"node": "\^22\.12\.0"/, '"node": "^22.14.0"'),
    );
    machine('v22.13.5', 'installs pinned');
    const r = await useNode();
    expect(r).toMatchObject({ code: 0, stdout: `v${pinned}` });
    expect(r.stderr).toContain('Summy needs Node 22.14 or later within 22');
  });

  it('with no Node at all installs the pinned one too', async () => {
    machine(null, 'installs pinned');
    const r = await useNode();
    expect(r).toMatchObject({ code: 0, stdout: `v${pinned}` });
    expect(r.stderr).toContain("This machine's Node is none");
  });

  it('fails, saying so, when the registry has no build for this platform', async () => {
    machine('v20.20.2', 'installs nothing');
    const r = await useNode();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`The npm registry has no Node ${pinned} build for`);
  });

  it('fails, saying how to get npm, when there is none to fetch Node with', async () => {
    machine('v20.20.2', 'absent');
    const r = await useNode();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('apt-get install npm');
  });
});
