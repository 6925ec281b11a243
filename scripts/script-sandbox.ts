/**
 * A scratch folder to run one of the repository's shell scripts in, for the `*.slow.test.ts`
 * files of scripts/: copies of the scripts under test, and a `bin` folder that is the script's
 * whole PATH, holding the real system tools it needs and stand-ins (`stub`) for the programs
 * whose calls the test watches.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(import.meta.dirname, '..');

/** How a script run ended: its exit code, and its whole stdout and stderr. */
export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A scratch copy of some repository files, with a PATH of its own (see the file's comment). */
export interface ScriptSandbox {
  /** The scratch folder: the scripts run with it as their working directory. */
  root: string;
  /** The folder that is the scripts' whole PATH. */
  bin: string;
  /** Writes `file` (absolute) as a shell script that logs `NAME args` to `root/calls`, then runs `body`. */
  stub(file: string, body: string): void;
  /** The logged calls of stand-ins, in order, those starting with `prefix` (default: all). */
  calls(prefix?: string): string[];
  /** Runs `bash ...args` in `root` on the sandbox's PATH, with `env` added. */
  run(args: string[], env?: Record<string, string>): Promise<ScriptRun>;
  /** Deletes the scratch folder. */
  remove(): void;
}

/**
 * A new sandbox named `name` with `tools` (looked up in /usr/bin and /bin) on its PATH and copies
 * of `files` (paths in the repository).
 */
export function scriptSandbox(name: string, tools: string[], files: string[]): ScriptSandbox {
  const root = mkdtempSync(path.join(os.tmpdir(), `summy-${name}-`));
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  for (const t of ['bash', ...tools]) {
    const real = ['/usr/bin', '/bin'].map((d) => path.join(d, t)).find((p) => existsSync(p));
    symlinkSync(real!, path.join(bin, t));
  }
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    copyFileSync(path.join(repo, file), path.join(root, file));
  }
  const callsFile = path.join(root, 'calls');
  return {
    root,
    bin,
    stub(file, body) {
      mkdirSync(path.dirname(file), { recursive: true });
      const stubName = path.basename(file);
      writeFileSync(file, `#!/bin/sh\necho "${stubName} $*" >> "${callsFile}"\n${body}\n`);
      chmodSync(file, 0o755);
    },
    calls(prefix = '') {
      if (!existsSync(callsFile)) return [];
      return readFileSync(callsFile, 'utf8')
        .trim()
        .split('\n')
        .filter((c) => c.startsWith(prefix));
    },
    async run(args, env = {}) {
      try {
        const { stdout, stderr } = await promisify(execFile)(path.join(bin, 'bash'), args, {
          cwd: root,
          env: { PATH: bin, ...env },
        });
        return { code: 0, stdout, stderr };
      } catch (e) {
        const err = e as ScriptRun;
        return { code: err.code, stdout: err.stdout, stderr: err.stderr };
      }
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
