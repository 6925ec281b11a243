/**
 * The live transcript on an installed local sherpa-onnx recognizer: one child process per live
 * meeting loads the model once (./local-live-worker.ts) and recognises each stretch sent to it.
 * If the process fails (a model that does not load, or an abort), the rest of the meeting's live
 * text falls back to PocketSphinx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env.ts';
import { tiedCommand } from '../audio/process.ts';
import type { LocalModelFiles } from '../providers/stt/local/engine.ts';
import { installedRecognizers } from '../providers/stt/local/select-models.ts';
import { log } from '../log.ts';
import { pocketsphinxRecognizer, type LiveRecognizer } from './live-recognizer.ts';
import { stretchTranscriber, type LiveTranscriber } from './live-transcriber.ts';
import { streamingTranscriber } from './streaming-transcriber.ts';

/** What the server sends the worker: the model to load, then stretches of 16 kHz speech. */
export type LiveWorkerRequest =
  | ({ type: 'init'; language: string; threads: number } & { recognizer: LocalModelFiles })
  | { type: 'recognize'; id: number; samples: Float32Array };

/** What the worker answers. */
export type LiveWorkerReply =
  | { type: 'ready' }
  | { type: 'text'; id: number; text: string }
  | { type: 'error'; id?: number; message: string };

/** The worker's entry: the TypeScript source under tsx, or the bundle's dist/live-stt-worker.js. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? {
        file: fileURLToPath(new URL('./local-live-worker.ts', here)),
        execArgv: ['--import', 'tsx'],
      }
    : { file: fileURLToPath(new URL('./live-stt-worker.js', here)), execArgv: [] };
}

type Pending = { resolve: (text: string) => void; reject: (err: Error) => void };

/**
 * A recognizer over a local model in a child process (one thread: live work stays light beside
 * requests and the pipeline), falling back to `fallback` once the process failed.
 */
export function localLiveRecognizer(
  model: LocalModelFiles,
  language: string,
  fallback: LiveRecognizer,
): LiveRecognizer {
  const { file, execArgv } = workerEntry();
  const child: ChildProcess = spawn(...tiedCommand(process.execPath, [...execArgv, file]), {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  const pending = new Map<number, Pending>();
  let failed: string | undefined;
  let next = 0;
  const fail = (why: string) => {
    if (failed) return;
    failed = why;
    log.warn({ model: model.id, why }, '[live] local recognizer failed; PocketSphinx from now on');
    for (const p of pending.values()) p.reject(new Error(why));
    pending.clear();
  };
  child.stderr!.resume();
  child.on('error', (err) => fail(err.message));
  child.on('exit', (code, signal) => fail(`the worker stopped (${signal ?? `exit ${code}`})`));
  child.on('message', (m: LiveWorkerReply) => {
    if (m.type === 'error' && m.id === undefined) return fail(m.message);
    if (m.type === 'ready' || m.id === undefined) return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.type === 'text') p?.resolve(m.text);
    else p?.reject(new Error(m.message));
  });
  child.send({ type: 'init', recognizer: model, language, threads: 1 } satisfies LiveWorkerRequest);
  return {
    recognize(pcm) {
      if (failed) return fallback.recognize(pcm);
      const id = next++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ type: 'recognize', id, samples: pcm } satisfies LiveWorkerRequest);
      }).catch((err: unknown) => (failed ? fallback.recognize(pcm) : Promise.reject(err)));
    },
    async close() {
      child.kill('SIGKILL');
      await fallback.close();
    },
  };
}

/**
 * The live recognizer of this server: the default installed local recognizer (in its first
 * language) when there is one, else PocketSphinx. WAV files go to the scratch folder under
 * DATA_DIR.
 */
export function createLiveRecognizer(
  env: Pick<Env, 'dataDir' | 'modelsDir' | 'modelsCatalogFile'>,
): LiveRecognizer {
  const fallback = pocketsphinxRecognizer({ dataDir: env.dataDir });
  const [model] = installedRecognizers(env);
  if (!model) return fallback;
  const files = { id: model.entry.id, family: model.entry.family, paths: model.paths };
  return localLiveRecognizer(files, model.entry.languages[0] ?? 'en', fallback);
}

/**
 * The live transcriber of one meeting: the default installed local recognizer's stretches when
 * there is one (createLiveRecognizer), else streaming PocketSphinx, which shows text sooner than
 * PocketSphinx run on each stretch (docs/decisions/075-streaming-pocketsphinx.md).
 * @param onText called when streamed text is ready to take, so the caller need not poll for it
 */
export function createLiveTranscriber(
  env: Pick<Env, 'dataDir' | 'modelsDir' | 'modelsCatalogFile'>,
  meetingId: string,
  onText?: () => void,
): LiveTranscriber {
  if (installedRecognizers(env).length === 0) return streamingTranscriber(meetingId, { onText });
  return stretchTranscriber(createLiveRecognizer(env), meetingId);
}
