/**
 * Entry of the local language model's worker process (started by ./engine.ts): the only place
 * node-llama-cpp and llama.cpp's native code are loaded, so a native crash or running out of
 * memory ends this process and not the HTTP server. Started through `setpriv --pdeathsig KILL`,
 * so it dies with the server; it also exits when the server closes the channel.
 *
 * It loads the model on the first job, sizes the context from the model's metadata and the
 * memory budget (./context-size.ts), and runs up to `sequences` jobs at once, one context
 * sequence each; the engine queues the rest. Bundled as dist/llm-local-worker.js
 * (scripts/build-server.mjs).
 */
import { stat } from 'node:fs/promises';
import {
  getLlama,
  LlamaChatSession,
  readGgufFileInfo,
  type ChatHistoryItem,
  type Llama,
  type LlamaContext,
  type LlamaEmbeddingContext,
  type LlamaModel,
} from 'node-llama-cpp';
import {
  chooseContextSize,
  LlmMemoryError,
  LlmMetadataError,
  memoryBudgetBytes,
  modelShapeFromMetadata,
  type GgufArchitectureMetadata,
} from './context-size.ts';
import type {
  FromWorker,
  LlmFailureKind,
  LlmGenerateRequest,
  LlmWorkerConfig,
  ToWorker,
} from './protocol.ts';
import { CHAT_TEMPLATE_TOKENS } from './protocol.ts';

/** The embedding context's size (tokens): longer texts are cut by llama.cpp's error, not silently. */
const EMBEDDING_CONTEXT = 2048;

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  contextSize: number;
  embedding?: Promise<LlamaEmbeddingContext>;
}

class JobError extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
  ) {
    super(message);
  }
}

let config: LlmWorkerConfig | undefined;
let loading: Promise<Loaded> | undefined;
const aborts = new Map<number, AbortController>();

const send = (message: FromWorker) => {
  if (process.send && process.connected) process.send(message);
};

/** Loads the model and creates a context of the chosen size with one sequence per parallel job. */
async function load(c: LlmWorkerConfig): Promise<Loaded> {
  const started = performance.now();
  const info = await readGgufFileInfo(c.modelPath).catch((err: unknown) => {
    throw new JobError('load', `The model file could not be read: ${(err as Error).message}`);
  });
  const { size } = await stat(c.modelPath);
  const shape = modelShapeFromMetadata(info.architectureMetadata as GgufArchitectureMetadata, size);
  const contextSize = chooseContextSize(shape, {
    wantedTokens: c.contextTokens,
    budgetBytes: memoryBudgetBytes(c.maxRamMb),
    sequences: c.sequences,
  });
  // Prebuilt binaries only: a GPU build is used when installed, never compiled on the fly.
  const llama = await getLlama({
    gpu: 'auto',
    build: 'never',
    progressLogs: false,
    ...(c.threads ? { maxThreads: c.threads } : {}),
  });
  const model = await llama.loadModel({ modelPath: c.modelPath }).catch((err: unknown) => {
    throw new JobError('load', `The model could not be loaded: ${(err as Error).message}`);
  });
  const context = await model.createContext({ contextSize, sequences: c.sequences });
  send({
    type: 'loaded',
    contextSize,
    trainContext: shape.trainContext,
    loadMs: Math.round(performance.now() - started),
  });
  return { llama, model, context, contextSize };
}

function loaded(): Promise<Loaded> {
  if (!config) throw new JobError('failed', 'The worker got a job before its configuration');
  loading ??= load(config).catch((err: unknown) => {
    loading = undefined; // the next job tries again (e.g. after memory was freed)
    throw err;
  });
  return loading;
}

function history(request: LlmGenerateRequest): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = [{ type: 'system', text: request.system }];
  for (const m of request.messages.slice(0, -1)) {
    items.push(
      m.role === 'user'
        ? { type: 'user', text: m.content }
        : { type: 'model', response: [m.content] },
    );
  }
  return items;
}

async function generate(id: number, request: LlmGenerateRequest, signal: AbortSignal) {
  const l = await loaded();
  const last = request.messages.at(-1);
  if (!last || last.role !== 'user') {
    throw new JobError('failed', 'The conversation must end with a user message');
  }
  const maxTokens = request.maxTokens ?? 1024;
  const text = [request.system, ...request.messages.map((m) => m.content)].join('\n');
  const promptTokens = l.model.tokenize(text).length + CHAT_TEMPLATE_TOKENS;
  if (promptTokens + maxTokens > l.contextSize) {
    throw new JobError(
      'too-long',
      `The text is too long for the local language model: about ${promptTokens} tokens and ${maxTokens} to write, but its context holds ${l.contextSize}`,
    );
  }
  const grammar = request.schema
    ? await l.llama.createGrammarForJsonSchema(request.schema as never)
    : undefined;
  signal.throwIfAborted();
  const sequence = l.context.getSequence();
  try {
    const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
    session.setChatHistory(history(request));
    const output = await session.prompt(last.content, {
      maxTokens,
      temperature: request.temperature ?? 0,
      signal,
      ...(grammar ? { grammar } : {}),
      // A chat answer reaches the reader as it is written: a local model may take a minute.
      ...(request.stream && !grammar
        ? { onTextChunk: (chunk: string) => send({ type: 'delta', id, text: chunk }) }
        : {}),
    });
    const used = {
      promptTokens: sequence.tokenMeter.usedInputTokens,
      outputTokens: sequence.tokenMeter.usedOutputTokens,
    };
    if (!grammar) return send({ type: 'text', id, text: output, ...used });
    let value: unknown;
    try {
      value = grammar.parse(output);
    } catch {
      throw new JobError(
        'failed',
        `The local language model's answer was cut off at ${maxTokens} tokens before its JSON was complete`,
      );
    }
    send({ type: 'json', id, value, ...used });
  } finally {
    sequence.dispose();
  }
}

async function embed(id: number, texts: string[], signal: AbortSignal) {
  const l = await loaded();
  l.embedding ??= l.model.createEmbeddingContext({
    contextSize: Math.min(EMBEDDING_CONTEXT, l.contextSize),
  });
  const context = await l.embedding;
  const vectors: number[][] = [];
  for (const text of texts) {
    signal.throwIfAborted();
    vectors.push([...(await context.getEmbeddingFor(text)).vector]);
  }
  send({ type: 'vectors', id, vectors });
}

function failure(err: unknown, signal: AbortSignal): { kind: LlmFailureKind; message: string } {
  if (signal.aborted) return { kind: 'aborted', message: 'The generation was stopped' };
  if (err instanceof JobError) return { kind: err.kind, message: err.message };
  if (err instanceof LlmMemoryError) return { kind: 'memory', message: err.message };
  if (err instanceof LlmMetadataError) return { kind: 'load', message: err.message };
  return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
}

function run(id: number, job: (signal: AbortSignal) => Promise<void>) {
  const controller = new AbortController();
  aborts.set(id, controller);
  job(controller.signal)
    .catch((err: unknown) => send({ type: 'error', id, ...failure(err, controller.signal) }))
    .finally(() => aborts.delete(id));
}

process.on('disconnect', () => process.exit(0));
process.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'config':
      config = message.config;
      break;
    case 'generate':
      run(message.id, (signal) => generate(message.id, message.request, signal));
      break;
    case 'embed':
      run(message.id, (signal) => embed(message.id, message.texts, signal));
      break;
    case 'count':
      run(message.id, async () => {
        const { model } = await loaded();
        send({
          type: 'counts',
          id: message.id,
          counts: message.texts.map((t) => model.tokenize(t).length),
        });
      });
      break;
    case 'abort':
      aborts.get(message.id)?.abort();
      break;
  }
});
