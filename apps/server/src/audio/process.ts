/**
 * Child processes for the audio tools (ffmpeg, ffprobe, pocketsphinx_continuous) that honour an
 * `AbortSignal`: on abort the child is killed and the promise settles only after it has exited,
 * so a caller that catches the abort knows no process of its own is left behind.
 *
 * Children die with the server even when it is killed with SIGKILL (an orphaned pocketsphinx kept
 * running): on Linux each child is started through util-linux's `setpriv --pdeathsig KILL`, which
 * sets PR_SET_PDEATHSIG and then execs the program, so the kernel kills the child when the server's
 * thread that spawned it ends. Node cannot call prctl itself; where setpriv is missing (not Linux,
 * or a minimal image) children are spawned directly.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** How much of a child's stderr is kept for error messages (characters, the end of the stream). */
const STDERR_TAIL_CHARS = 2000;

/** A child process that could not start or exited with a non-zero code. */
export class ProcessError extends Error {
  constructor(
    message: string,
    /** The program that was run, e.g. 'ffmpeg'. */
    readonly command: string,
    /** Exit code, or null when the process could not start or died from a signal. */
    readonly exitCode: number | null,
    /** The last ~2,000 characters the process wrote to stderr. */
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** Kills the child (SIGKILL) and rejects with an `AbortError` when aborted. */
  signal?: AbortSignal;
  /** Receives stdout as it arrives; when absent, stdout is collected and returned as text. */
  onStdout?: (chunk: Buffer) => void;
}

/** What a finished process wrote. `stdout` is empty when `onStdout` consumed it. */
export interface ProcessOutput {
  stdout: string;
  stderrTail: string;
}

/**
 * The error an aborted operation rejects with: a `DOMException` named 'AbortError' whose `cause`
 * is the signal's reason (e.g. the 'TimeoutError' of `AbortSignal.timeout`).
 */
export function abortError(signal: AbortSignal): DOMException {
  const err = new DOMException('The operation was aborted', 'AbortError');
  Object.defineProperty(err, 'cause', { value: signal.reason });
  return err;
}

/** True for the rejection of an aborted operation (ours, Node's or fetch's). */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

let pdeathsig: boolean | undefined;

/**
 * Whether children can be tied to this process's life with `setpriv --pdeathsig KILL` (Linux,
 * util-linux 2.33 or later). Checked once, by running `setpriv --pdeathsig KILL -- true`.
 */
export function canTieChildren(): boolean {
  if (pdeathsig === undefined) {
    pdeathsig =
      process.platform === 'linux' &&
      spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0;
  }
  return pdeathsig;
}

/**
 * The program and arguments that run `command args` tied to this process's life: through
 * `setpriv --pdeathsig KILL` where {@link canTieChildren}, else unchanged. For every child Summy
 * starts (the audio tools here, the local speech engine's worker in providers/stt/local).
 */
export function tiedCommand(command: string, args: string[]): [string, string[]] {
  return canTieChildren()
    ? ['setpriv', ['--pdeathsig', 'KILL', '--', command, ...args]]
    : [command, args];
}

/**
 * Runs `command args` without a shell and resolves when it exits with code 0. The child is
 * killed by the kernel if this process dies first (see the module comment).
 * @throws ProcessError when the program is missing (message names it) or exits non-zero (message
 *   holds the stderr tail)
 * @throws DOMException 'AbortError' when `signal` aborts; the child has exited by then
 */
export function runProcess(
  command: string,
  args: string[],
  options: RunProcessOptions = {},
): Promise<ProcessOutput> {
  const { signal, onStdout } = options;
  return new Promise<ProcessOutput>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const child = spawn(...tiedCommand(command, args), { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stderr = '';
    let spawnError: Error | null = null;
    let aborted = false;

    child.stdout.on('data', (chunk: Buffer) => {
      if (aborted) return;
      if (onStdout) {
        try {
          onStdout(chunk);
        } catch (err) {
          // A consumer that cannot take more output (e.g. out of memory) ends the process too.
          spawnError = err instanceof Error ? err : new Error(String(err));
          child.kill('SIGKILL');
        }
      } else stdoutChunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      spawnError = err;
    });
    // 'close' comes after the process exited and its pipes drained, also after a failed spawn.
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      const stderrTail = stderr.trim();
      if (aborted && signal) {
        reject(abortError(signal));
      } else if (spawnError) {
        const missing = (spawnError as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new ProcessError(
            missing
              ? `${command} is not installed or not on PATH`
              : `${command} failed: ${spawnError.message}`,
            command,
            null,
            stderrTail,
          ),
        );
      } else if (code === 127 && /^setpriv: failed to execute .*No such file/m.test(stderrTail)) {
        reject(
          new ProcessError(`${command} is not installed or not on PATH`, command, null, stderrTail),
        );
      } else if (code !== 0) {
        const detail = stderrTail ? `: ${stderrTail.split('\n').slice(-5).join(' | ')}` : '';
        reject(
          new ProcessError(
            `${command} exited with code ${code}${detail}`,
            command,
            code,
            stderrTail,
          ),
        );
      } else {
        resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderrTail });
      }
    });
  });
}

/** How a long-lived child with piped stdio (a stream decoder, a streaming recognizer) ended. */
export interface ChildWatch {
  /** Resolves once the child exited and its output streams closed, or failed to start. */
  readonly closed: Promise<void>;
  /**
   * Why it stopped early, once it did: the spawn error, a write after it exited (EPIPE), or its
   * stderr tail (last 2,000 characters) when it exited non-zero; undefined while it runs or
   * after a clean exit or a kill.
   */
  readonly failure: string | undefined;
}

/**
 * Watches a long-lived child: keeps its stderr tail, records why it failed, and never lets a
 * write to its closed stdin throw.
 * @param onClose called once its output has closed, before `closed` resolves
 */
export function watchChild(
  child: ChildProcessByStdio<Writable, Readable, Readable>,
  onClose?: () => void,
): ChildWatch {
  let stderrTail = '';
  let failure: string | undefined;
  child.stderr.on('data', (data: Buffer) => {
    stderrTail = (stderrTail + data.toString('utf8')).slice(-2000);
  });
  child.stdin.on('error', (err) => (failure ??= err.message));
  const closed = new Promise<void>((resolve) => {
    child.on('error', (err) => {
      failure ??= err.message;
      resolve();
    });
    child.on('close', (code) => {
      onClose?.();
      if (code !== 0 && code !== null) failure ??= stderrTail.trim() || `exit ${code}`;
      resolve();
    });
  });
  return {
    closed,
    get failure() {
      return failure;
    },
  };
}
