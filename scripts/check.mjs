// `npm run check` (and the typecheck and lint stages of scripts/test.sh): the static checks, fast on
// a second run. `node scripts/check.mjs [typecheck] [lint]`.
//   typecheck: tsc on the Node code as one program and on the web projects, incremental
//              (.tmp/tsc/*.tsbuildinfo: a run after a small change re-checks only what it reaches)
//   lint:      ESLint with no warnings allowed, and Prettier, both caching by file content (.tmp);
//              and dpdm, which fails on any import cycle, type-only imports counted
// The tasks run as many at a time as the machine has cores, the longest first; each one's output is
// printed whole when it ends, so parallel runs do not interleave. Exits 1 when any task fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);

// The Node code as one program (tsconfig.node.json: the server, packages, bench, e2e, scripts and
// testdata share their compiler options), so each file is checked once: checked project by
// project, the server's files were checked again by bench and e2e (about 80 s of CPU instead of
// 27 s). The web app and the calendar bench, with their DOM and JSX options, on their own.
const projects = ['tsconfig.node.json', 'apps/web', 'bench/calendar'];

const tasks = {
  typecheck: projects.map((p) => ({
    name: `tsc -p ${p}`,
    args: [
      bin('typescript/bin/tsc'),
      ...['-p', p, '--incremental', '--tsBuildInfoFile'],
      `.tmp/tsc/${p.replaceAll('/', '-')}.tsbuildinfo`,
    ],
  })),
  lint: [
    {
      name: 'eslint',
      args: [
        bin('eslint/bin/eslint.js'),
        ...['--max-warnings', '0', '--cache', '--cache-strategy', 'content'],
        ...['--cache-location', '.tmp/eslint-cache', '.'],
      ],
    },
    {
      // No module imports itself through others, not even through `import type`: a type-only cycle
      // still ties each module's types to all the others' (a service that sends a job depended on
      // every queue's handler). ESLint's import-x/no-cycle skips type imports; dpdm reads them with
      // TypeScript's parser (no -T). Sources and tests of the apps and packages; a few seconds.
      name: 'dpdm (import cycles)',
      quiet: true,
      args: [
        bin('dpdm/lib/bin/dpdm.js'),
        ...['--no-warning', '--no-tree', '--no-progress', '--exit-code', 'circular:1'],
        ...['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.{ts,tsx}'],
        ...['packages/*/src/**/*.ts', 'packages/*/test/**/*.ts'],
      ],
    },
    {
      name: 'prettier --check',
      args: [
        bin('prettier/bin/prettier.cjs'),
        ...['--check', '--log-level', 'warn', '--cache', '--cache-strategy', 'content'],
        ...['--cache-location', '.tmp/prettier-cache', '.'],
      ],
    },
  ],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in tasks));
if (wanted.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/check.mjs ${Object.keys(tasks).join('|')}...`);
  process.exit(2);
}
// ESLint is the longest single task: lint starts first so the tsc runs fill the other cores.
const queue = ['lint', 'typecheck'].filter((w) => wanted.includes(w)).flatMap((w) => tasks[w]);

/** Runs one task with its output captured; resolves to whether it passed. */
function run(task) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, task.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${task.name} (${seconds} s)`);
      // A quiet task's output is its verdict only: shown when it failed.
      if (code !== 0 || (output.trim() && !task.quiet))
        process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code === 0);
    });
  });
}

let failed = 0;
const worker = async () => {
  for (let task = queue.shift(); task; task = queue.shift()) if (!(await run(task))) failed += 1;
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
process.exit(failed === 0 ? 0 : 1);
