/**
 * The local speech-to-text provider: sherpa-onnx neural models downloaded into the models folder,
 * run on this machine's CPU. Each transcription runs in its own worker process (./worker.ts →
 * ./engine.ts), so the server's event loop stays free, onnxruntime uses every core (one intra-op
 * thread per core), the models' memory is returned when the job ends, and a model file that makes
 * native code abort takes down only the worker. The worker is started through `setpriv --pdeathsig
 * KILL` (audio/process.ts), so it dies with the server.
 *
 * Models are chosen per job from what is installed (./select-models.ts); a model downloaded while
 * the server runs is used by the next job.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TranscriptionResult } from '@summy/core';
import { tiedCommand } from '../../../audio/process.ts';
import type { Env } from '../../../env.ts';
import type { InstalledModel } from '../../../models/installed.ts';
import { SttError, type SttInput, type SttProvider } from '../types.ts';
import type { LocalJob, LocalModelFiles, LocalStage, WorkerMessage } from './engine.ts';
import { chooseLocalModels } from './select-models.ts';

/** Configuration of {@link LocalSttProvider}. */
export interface LocalSttOptions {
  /** onnxruntime threads per model; default all cores. */
  threads?: number;
  /** Longest speech segment recognized at once (s); default 25. */
  maxSegmentS?: number;
}

/** Real-time factor assumed before any transcription was timed here (wall s per audio s). */
export const DEFAULT_LOCAL_RTF = 0.5;
/** Fixed cost of a transcription (s): worker start, model loading (a 600 MB model: seconds). */
const LOCAL_FIXED_COST_S = 5;
/** Recordings shorter than this (s) leave the measured speed alone: loading dominates them. */
const MIN_TIMED_S = 30;

/** How much of a worker's stderr is kept for error messages (characters). */
const STDERR_TAIL = 4000;

/**
 * Speech-to-text with the installed local models.
 *
 * `transcribe` answers Summy's TranscriptionResult (see ./engine.ts `runLocalJob`).
 * Errors: SttError 'failed' when no installed recognizer supports `input.language` (or none is
 * installed), when a model cannot be loaded (details name the model and onnxruntime's reason,
 * e.g. a corrupt file), for unreadable audio, and when the worker dies; SttError 'timeout'
 * when `input.signal` aborts (the worker has been killed by then).
 */
export class LocalSttProvider implements SttProvider {
  readonly id = 'local' as const;
  private lastModel: string | undefined;
  private rtf = DEFAULT_LOCAL_RTF;

  constructor(
    private readonly env: Pick<Env, 'modelsDir' | 'modelsCatalogFile'>,
    private readonly options: LocalSttOptions = {},
  ) {}

  /**
   * Catalog id of the recognizer of this provider's latest transcription; before the first,
   * the one an English job would use (undefined when none is installed).
   */
  get model(): string | undefined {
    if (this.lastModel) return this.lastModel;
    try {
      return chooseLocalModels(this.env, 'en').recognizer.entry.id;
    } catch {
      return undefined;
    }
  }

  /**
   * Expected seconds for `audioS` seconds of audio: 5 s (worker start, model loading) plus the
   * audio times the real-time factor, 0.5 until measured, then the moving average (weight 0.3
   * for the newest) of this provider's transcriptions of 30 s or more.
   */
  estimateSeconds(audioS: number): number {
    return LOCAL_FIXED_COST_S + audioS * this.rtf;
  }

  async transcribe(input: SttInput): Promise<TranscriptionResult> {
    input.signal?.throwIfAborted();
    const models = chooseLocalModels(this.env, input.language);
    this.lastModel = models.recognizer.entry.id;
    const job: LocalJob = {
      path: input.path,
      language: input.language,
      recognizer: modelFiles(models.recognizer),
      ...(models.embedding ? { embedding: modelFiles(models.embedding) } : {}),
      ...(models.segmentation ? { segmentation: modelFiles(models.segmentation) } : {}),
      ...(input.speakerCount ? { speakerCount: input.speakerCount } : {}),
      ...(this.options.threads ? { threads: this.options.threads } : {}),
      ...(this.options.maxSegmentS ? { maxSegmentS: this.options.maxSegmentS } : {}),
    };
    const started = performance.now();
    const result = await runWorker(job, input.signal, input.onProgress);
    if (result.duration >= MIN_TIMED_S) {
      const measured = (performance.now() - started) / 1000 / result.duration;
      this.rtf = Math.max(0.05, 0.7 * this.rtf + 0.3 * measured);
    }
    input.onProgress?.(1);
    return result;
  }
}

function modelFiles(model: InstalledModel): LocalModelFiles {
  return { id: model.entry.id, family: model.entry.family, paths: model.paths };
}

/** The worker's entry: the TypeScript source under tsx, or the bundle's dist/stt-local-worker.js. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: fileURLToPath(new URL('./worker.ts', here)), execArgv: ['--import', 'tsx'] }
    : { file: fileURLToPath(new URL('./stt-local-worker.js', here)), execArgv: [] };
}

/**
 * Runs `job` in a new worker process and settles after the worker has exited.
 * @throws SttError as described on {@link LocalSttProvider}
 */
export function runWorker(
  job: LocalJob,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<TranscriptionResult> {
  return new Promise((resolve, reject) => {
    const { file, execArgv } = workerEntry();
    const child = spawn(...tiedCommand(process.execPath, [...execArgv, file]), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let stage: { stage: LocalStage; model?: string } = { stage: 'decode' };
    let outcome: WorkerMessage | undefined;
    let stderr = '';
    let aborted = false;
    let spawnError: Error | undefined;
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('message', (m: WorkerMessage) => {
      if (m.type === 'stage') stage = { stage: m.stage, model: m.model };
      else if (m.type === 'progress') onProgress?.(Math.min(1, Math.max(0, m.fraction)));
      else outcome = m;
    });
    child.on('error', (err) => (spawnError = err));
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (aborted) {
        reject(new SttError('timeout', 'Local transcription was stopped before it finished'));
      } else if (outcome?.type === 'result') {
        resolve(outcome.result);
      } else if (outcome?.type === 'error') {
        reject(new SttError('failed', failureDetails(stage, outcome.message, stderr)));
      } else {
        const how = spawnError
          ? spawnError.message
          : killedBy
            ? `killed by ${killedBy}`
            : `exit code ${code}`;
        reject(
          new SttError('failed', failureDetails(stage, `the worker stopped (${how})`, stderr)),
        );
      }
    });
    if (signal?.aborted) onAbort();
    else child.send(job);
  });
}

/**
 * The details of a failure: which model could not be loaded and why (the native reason from the
 * worker's stderr, e.g. onnxruntime's "Protobuf parsing failed" or sherpa-onnx's "does not
 * exist"), or what the worker was doing when it failed.
 */
export function failureDetails(
  at: { stage: LocalStage; model?: string },
  message: string,
  stderr: string,
): string {
  const reasons = stderr
    .split('\n')
    .map((line) =>
      line
        .replace(/^\S*sherpa-onnx\S*:\d+\s*/, '')
        .replace(/^\s*what\(\):\s*/, '')
        .trim(),
    )
    .filter((line) => /fail|does not exist|error|unknown|unsupported|expect/i.test(line))
    .filter((line) => !/^Errors in config/i.test(line));
  const reason = [...new Set(reasons)].slice(-2).join('; ');
  const why = reason && !message.includes(reason) ? `${reason} (${message})` : message;
  if (
    at.stage === 'load-recognizer' ||
    at.stage === 'load-embedding' ||
    at.stage === 'load-segmentation'
  ) {
    return `The local speech model '${at.model}' could not be loaded: ${why}. Remove it in Settings > Transcription and download it again.`;
  }
  if (at.stage === 'decode') return `The audio could not be read: ${why}`;
  return `The local speech engine failed while running '${at.model ?? 'diarization'}': ${why}`;
}
