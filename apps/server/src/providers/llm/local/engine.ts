/**
 * The local language-model engine on the server's side: runs a GGUF instruct model through
 * node-llama-cpp in a worker process (./worker.ts), so a native crash or running out of memory
 * fails the job in hand and never the HTTP server. The worker starts on first use, runs up to
 * `parallel` jobs at once and ends after `idleSeconds` without a job, which gives its memory back;
 * the jobs beyond `parallel` wait in order and can show their place in the queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tiedCommand } from '../../../audio/process.ts';
import type {
  FromWorker,
  LlmGenerateRequest,
  LlmJsonSchema,
  LlmWorkerConfig,
  ToWorker,
} from './protocol.ts';

export type { LlmGenerateRequest, LlmJsonSchema, LlmMessage } from './protocol.ts';

import {
  LocalLlmError,
  type LocalLlmCallOptions,
  type LocalLlmEngineOptions,
  type LocalLlmUsage,
} from './engine-api.ts';

export {
  LocalLlmError,
  type LocalLlmCallOptions,
  type LocalLlmEngineOptions,
  type LocalLlmErrorKind,
  type LocalLlmUsage,
} from './engine-api.ts';

type Work = { type: 'generate'; request: LlmGenerateRequest } | { type: 'embed'; texts: string[] };

interface Job {
  id: number;
  work: Work;
  options: LocalLlmCallOptions;
  resolve: (message: FromWorker) => void;
  reject: (err: LocalLlmError) => void;
  /** The caller was answered (result, error or abort); the slot frees when the worker answers. */
  settled: boolean;
  /** The place in the queue last reported (1 = next). */
  place?: number;
  /** Removes the abort listener from the caller's signal. */
  detach?: () => void;
}

/** How long an aborted job may take to stop in the worker before the worker is ended (ms). */
const ABORT_GRACE_MS = 700;

/** How much of the worker's stderr is kept for crash messages (characters). */
const STDERR_TAIL = 2000;

/** The worker's entry: the TypeScript source under tsx, or the bundle's dist/llm-local-worker.js. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: fileURLToPath(new URL('./worker.ts', here)), execArgv: ['--import', 'tsx'] }
    : { file: fileURLToPath(new URL('./llm-local-worker.js', here)), execArgv: [] };
}

/**
 * A local GGUF model behind a worker process.
 *
 * Errors (all LocalLlmError): 'memory' when not even a 2,048-token context fits the memory
 * budget; 'load' when the file is not a loadable GGUF model; 'too-long' when the prompt and
 * `maxTokens` exceed the context; 'aborted' when the signal aborts; 'crashed' when the worker
 * died during the job (the next call starts a new one); 'failed' otherwise.
 */
export class LocalLlmEngine {
  private child: ChildProcess | undefined;
  private readonly queue: Job[] = [];
  private readonly running = new Map<number, Job>();
  /** Token counts asked of the worker: answered beside the jobs, outside their queue. */
  private readonly counting = new Map<
    number,
    { resolve: (counts: number[]) => void; reject: (err: LocalLlmError) => void }
  >();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private stderr = '';
  private loadedContextSize: number | undefined;
  private readonly parallel: number;
  private readonly idleMs: number;

  constructor(private readonly options: LocalLlmEngineOptions) {
    this.parallel = Math.max(1, options.parallel ?? 1);
    this.idleMs = (options.idleSeconds ?? 300) * 1000;
  }

  /** The worker's process id while it runs (it holds the model once a job has loaded it). */
  get workerPid(): number | undefined {
    return this.child?.pid;
  }

  /** Jobs waiting for a free slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Jobs the worker is running (an aborted job counts until the worker has stopped it). */
  get busy(): number {
    return this.running.size;
  }

  /** The context size per job (tokens) once the model is loaded. */
  get contextSize(): number | undefined {
    return this.loadedContextSize;
  }

  /**
   * Generates an answer to the conversation: the text, or with `request.schema` the JSON value
   * (parsed, valid against the schema's grammar).
   * @throws LocalLlmError as described on the class
   */
  generate(
    request: LlmGenerateRequest & { schema?: undefined },
    options?: LocalLlmCallOptions,
  ): Promise<string>;
  generate(
    request: LlmGenerateRequest & { schema: LlmJsonSchema },
    options?: LocalLlmCallOptions,
  ): Promise<unknown>;
  generate(request: LlmGenerateRequest, options?: LocalLlmCallOptions): Promise<unknown>;
  async generate(request: LlmGenerateRequest, options: LocalLlmCallOptions = {}): Promise<unknown> {
    return (await this.generateWithUsage(request, options)).value;
  }

  /**
   * {@link generate} with the token counts of the prompt and the answer.
   * @throws LocalLlmError as described on the class
   */
  async generateWithUsage(
    request: LlmGenerateRequest,
    options: LocalLlmCallOptions = {},
  ): Promise<{ value: unknown; usage: LocalLlmUsage }> {
    const stream = options.onText !== undefined && request.schema === undefined;
    const m = await this.submit(
      { type: 'generate', request: stream ? { ...request, stream } : request },
      options,
    );
    if (m.type !== 'text' && m.type !== 'json')
      throw new LocalLlmError('failed', 'Unexpected answer');
    const usage = { promptTokens: m.promptTokens, outputTokens: m.outputTokens };
    return { value: m.type === 'text' ? m.text : m.value, usage };
  }

  /**
   * One embedding vector per text (the model's pooled output, length = its embedding width);
   * the same text gives the same vector.
   * @throws LocalLlmError as described on the class
   */
  async embed(texts: string[], options: LocalLlmCallOptions = {}): Promise<number[][]> {
    const m = await this.submit({ type: 'embed', texts }, options);
    if (m.type !== 'vectors') throw new LocalLlmError('failed', 'Unexpected answer');
    return m.vectors;
  }

  /**
   * Tokens of each text by the model's own tokenizer (a language's or a tokenizer's density
   * varies from 1 to 5 characters a token, so no estimate fits every model). Answered beside the
   * jobs, not after them in the queue; loads the model when it is not loaded.
   * @throws LocalLlmError 'load' or 'memory' when the model cannot be loaded, 'crashed' when the
   *   worker dies meanwhile, 'aborted' when the engine is closed
   */
  countTokens(texts: string[]): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      clearTimeout(this.idleTimer);
      this.counting.set(id, { resolve, reject });
      this.send({ type: 'count', id, texts });
    });
  }

  /** Ends the worker (if any) and rejects waiting and running jobs as 'aborted'. */
  async close(): Promise<void> {
    for (const count of this.counting.values()) {
      count.reject(new LocalLlmError('aborted', 'The engine was closed'));
    }
    this.counting.clear();
    for (const job of [...this.queue, ...this.running.values()]) {
      this.settle(job, () => job.reject(new LocalLlmError('aborted', 'The engine was closed')));
    }
    this.queue.length = 0;
    this.running.clear();
    await this.stopWorker();
  }

  private submit(work: Work, options: LocalLlmCallOptions): Promise<FromWorker> {
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, work, options, resolve, reject, settled: false };
      if (options.signal?.aborted) return reject(aborted());
      const onAbort = () => this.abort(job);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      job.detach = () => options.signal?.removeEventListener('abort', onAbort);
      clearTimeout(this.idleTimer);
      this.queue.push(job);
      this.pump();
    });
  }

  private settle(job: Job, answer: () => void) {
    if (job.settled) return;
    job.settled = true;
    job.detach?.();
    answer();
  }

  private abort(job: Job) {
    this.settle(job, () => job.reject(aborted()));
    const at = this.queue.indexOf(job);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.reportPositions();
      this.scheduleIdle();
    } else if (this.running.has(job.id)) {
      this.send({ type: 'abort', id: job.id });
      // llama.cpp stops after the token in flight, which on a busy CPU can take longer than a
      // second: a worker that runs nothing else is ended instead (the model file stays in the
      // page cache, so the next load is quick). Other jobs on it are left to finish.
      const child = this.child;
      setTimeout(() => {
        if (this.child === child && this.running.has(job.id) && this.running.size === 1) {
          child?.kill('SIGKILL');
        }
      }, ABORT_GRACE_MS).unref();
    }
  }

  /** Starts waiting jobs while slots are free, then tells the rest their place. */
  private pump() {
    while (this.running.size < this.parallel && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running.set(job.id, job);
      job.options.onQueue?.(0, []);
      this.send({ ...job.work, id: job.id } as ToWorker);
    }
    this.reportPositions();
  }

  /** Tells each waiting job its place when it changed, and what the jobs before it are for. */
  private reportPositions() {
    const purpose = (j: Job) => j.options.purpose ?? 'other';
    const running = [...this.running.values()].map(purpose);
    this.queue.forEach((job, i) => {
      if (job.place === i + 1) return;
      job.place = i + 1;
      job.options.onQueue?.(job.place, [...running, ...this.queue.slice(0, i).map(purpose)]);
    });
  }

  private send(message: ToWorker) {
    const child = this.child ?? this.startWorker();
    if (child.connected) child.send(message);
  }

  private startWorker(): ChildProcess {
    const { file, execArgv } = workerEntry();
    const child = spawn(...tiedCommand(process.execPath, [...execArgv, file]), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    this.stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('message', (m: FromWorker) => this.onMessage(m));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
    child.on('error', () => {}); // a failed spawn also ends in 'exit'
    const config: LlmWorkerConfig = {
      modelPath: this.options.modelPath,
      sequences: this.parallel,
      ...(this.options.maxRamMb !== undefined ? { maxRamMb: this.options.maxRamMb } : {}),
      ...(this.options.contextTokens ? { contextTokens: this.options.contextTokens } : {}),
      ...(this.options.threads ? { threads: this.options.threads } : {}),
    };
    child.send({ type: 'config', config } satisfies ToWorker);
    return child;
  }

  private onMessage(m: FromWorker) {
    if (m.type === 'loaded') {
      this.loadedContextSize = m.contextSize;
      return;
    }
    const count = this.counting.get(m.id);
    if (count) {
      this.counting.delete(m.id);
      if (m.type === 'counts') count.resolve(m.counts);
      else if (m.type === 'error') count.reject(new LocalLlmError(m.kind, m.message));
      this.scheduleIdle();
      return;
    }
    const job = this.running.get(m.id);
    if (!job) return;
    if (m.type === 'delta') {
      if (!job.settled) job.options.onText?.(m.text);
      return;
    }
    this.running.delete(m.id);
    if (m.type === 'error')
      this.settle(job, () => job.reject(new LocalLlmError(m.kind, m.message)));
    else this.settle(job, () => job.resolve(m));
    this.pump();
    this.scheduleIdle();
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (this.child !== child) return;
    this.child = undefined;
    this.loadedContextSize = undefined;
    clearTimeout(this.idleTimer);
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    const hint = /out of memory|failed to allocate|bad_alloc/i.test(this.stderr)
      ? ' It ran out of memory: choose a smaller model or lower LOCAL_LLM_MAX_RAM_MB.'
      : '';
    for (const job of this.running.values()) {
      this.settle(job, () =>
        job.reject(
          new LocalLlmError(
            'crashed',
            `The local language model stopped while working (${how}).${hint} Try again; the next request starts it anew.`,
          ),
        ),
      );
    }
    this.running.clear();
    for (const count of this.counting.values()) {
      count.reject(
        new LocalLlmError('crashed', `The local language model stopped (${how}).${hint}`),
      );
    }
    this.counting.clear();
    // Waiting jobs were never sent: they start on a new worker.
    if (this.queue.length > 0) this.pump();
  }

  private scheduleIdle() {
    clearTimeout(this.idleTimer);
    if (this.running.size > 0 || this.queue.length > 0 || this.counting.size > 0 || !this.child)
      return;
    this.idleTimer = setTimeout(() => void this.stopWorker(), this.idleMs);
    this.idleTimer.unref();
  }

  /** Ends the worker: closes the channel (it exits), SIGKILL after 2 s; resolves once it is gone. */
  private async stopWorker(): Promise<void> {
    clearTimeout(this.idleTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // A job submitted from now on starts a new worker instead of writing to this ending one.
    this.child = undefined;
    this.loadedContextSize = undefined;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.disconnect();
    const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(kill);
  }
}

function aborted(): LocalLlmError {
  return new LocalLlmError('aborted', 'The generation was stopped');
}
