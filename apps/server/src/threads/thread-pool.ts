/**
 * A small pool of `node:worker_threads` for CPU work that must not hold the server's event loop
 * (docs/decisions/036-heavy-work-off-the-request-path.md, 066-documents-off-the-event-loop.md):
 * the offline text model and the document exports. Threads start on first use and are `unref`'d
 * while idle (an idle thread never keeps the process alive); a thread that dies is replaced on
 * the next task; with `idleMs` a thread idle that long is ended, so the memory its libraries and
 * heap took goes back to the system. Home-made rather than `piscina`: two task types, no new
 * dependency, and the tsx loader registration the tests and `npm run dev` need.
 *
 * A worker entry answers each `{id, task}` message with `{id, value}` or `{id, error}`
 * ({@link serveThreadTasks} does that side).
 */
import { Worker, parentPort, type Transferable } from 'node:worker_threads';

/** What the pool needs to know about its threads. */
export interface ThreadPoolOptions {
  /** The thread's entry: a TypeScript source (run under tsx) or a bundled `.js` file. */
  entry: URL;
  /** Threads at most. */
  size: number;
  /** A thread idle this long (ms) is ended; without it idle threads are kept. */
  idleMs?: number;
  /** Turns a thread's error data back into the Error the caller sees. */
  decodeError?: (error: unknown) => Error;
  /** Says which threads died, in errors: 'the offline text worker'. */
  name: string;
}

/** A pool of worker threads that run tasks of one shape. */
export interface ThreadPool<Task, Result> {
  /**
   * Runs `task` on a thread as soon as one is free.
   * @throws the thread's error (through `decodeError`); Error when the thread died; the signal's
   *   reason when `signal` aborted before the task started (a running task finishes)
   */
  run(task: Task, signal?: AbortSignal): Promise<Result>;
  /** Threads alive now, busy or idle. */
  threads(): number;
}

interface Message<T> {
  id: number;
  task: T;
}

/** A thread's answer to task `id`: its value, or its error as plain data. */
interface Reply {
  id: number;
  value?: unknown;
  error?: unknown;
}

interface Pending {
  message: Message<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

function startThread(entry: URL): Worker {
  return entry.href.endsWith('.ts')
    ? // tsx registers its loader per thread: the thread registers it, then imports the source.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          entry.href,
        )}); })`,
        { eval: true },
      )
    : new Worker(entry);
}

/**
 * Puts a thread that finished its task among the idle ones, unreferenced; with `idleMs`, it ends
 * once idle that long.
 */
function restWorker(
  worker: Worker,
  idle: Worker[],
  timers: Map<Worker, NodeJS.Timeout>,
  idleMs: number | undefined,
): void {
  worker.unref();
  idle.push(worker);
  if (idleMs === undefined) return;
  const timer = setTimeout(() => {
    const at = idle.indexOf(worker);
    if (at < 0) return;
    idle.splice(at, 1);
    timers.delete(worker);
    void worker.terminate();
  }, idleMs);
  timer.unref();
  timers.set(worker, timer);
}

/** A pool as {@link ThreadPoolOptions} describe it; no thread starts before the first task. */
export function createThreadPool<Task, Result>(
  options: ThreadPoolOptions,
): ThreadPool<Task, Result> {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const timers = new Map<Worker, NodeJS.Timeout>();
  const waiting: Pending[] = [];
  let nextId = 1;

  const rest = (worker: Worker) => restWorker(worker, idle, timers, options.idleMs);

  const start = (): Worker => {
    const worker = startThread(options.entry);
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = busy.get(worker);
      if (!pending || pending.message.id !== reply.id) return;
      busy.delete(worker);
      if (reply.error !== undefined) {
        pending.reject(options.decodeError?.(reply.error) ?? new Error(String(reply.error)));
      } else pending.resolve(reply.value);
      rest(worker);
      dispatch();
    });
    const lost = (err: Error) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      clearTimeout(timers.get(worker));
      timers.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      pending?.reject(err);
      dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`${options.name} stopped (exit ${code})`)));
    return worker;
  };

  const dispatch = (): void => {
    while (waiting.length) {
      const worker = idle.pop() ?? (busy.size + idle.length < options.size ? start() : undefined);
      if (!worker) return;
      clearTimeout(timers.get(worker));
      timers.delete(worker);
      const pending = waiting.shift()!;
      busy.set(worker, pending);
      // Referenced while it works, so a CLI awaiting the answer is not ended by an empty loop.
      worker.ref();
      worker.postMessage(pending.message);
    }
  };

  return {
    run(task, signal) {
      return new Promise<Result>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        const pending: Pending = {
          message: { id: nextId++, task },
          resolve: resolve as (value: unknown) => void,
          reject,
        };
        signal?.addEventListener(
          'abort',
          () => {
            const at = waiting.indexOf(pending);
            if (at >= 0) {
              waiting.splice(at, 1);
              reject(signal.reason as Error);
            }
          },
          { once: true },
        );
        waiting.push(pending);
        dispatch();
      });
    },
    threads: () => busy.size + idle.length,
  };
}

/** A task's answer on the thread: its value and the buffers to move rather than copy. */
export interface ThreadAnswer {
  value: unknown;
  transfer?: Transferable[];
}

/**
 * The thread's side: runs `handle` for each task message and answers it; an error crosses as the
 * data `encodeError` makes of it (default: its message).
 */
export function serveThreadTasks<Task>(
  handle: (task: Task) => Promise<ThreadAnswer>,
  encodeError: (err: unknown) => unknown = (err) => (err as Error)?.message ?? String(err),
): void {
  parentPort?.on('message', ({ id, task }: Message<Task>) => {
    handle(task).then(
      ({ value, transfer }) => parentPort!.postMessage({ id, value } satisfies Reply, transfer),
      (err: unknown) => parentPort!.postMessage({ id, error: encodeError(err) } satisfies Reply),
    );
  });
}
