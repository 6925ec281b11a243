/**
 * The `local` text provider: the notes models installed in the models folder, run by the local
 * engine (./engine.ts, one worker process per model, unloaded when idle), through the same prompts
 * and schemas as the cloud providers (`createAiSdkTextModel` over ./language-model.ts), with
 * map-reduce for transcripts longer than the model's context (../long-transcripts.ts).
 */
import { SUMMARY_TEMPLATE_IDS } from '@summy/core';
import { defaultLocalLlmThreads } from '../../../env-local-llm.ts';
import type { Env } from '../../../env.ts';
import { installedModelOfKind, installedModels } from '../../../models/installed.ts';
import {
  actionItemsPrompt,
  speakerNamesPrompt,
  summaryPrompt,
  titlePrompt,
  writtenNotesPrompt,
} from '../ai-sdk/prompts.ts';
import { withLongTranscripts, type ContextLimit } from '../long-transcripts.ts';
import { lazyTextModel } from '../lazy-text-model.ts';
import type { AnswerHooks, ChatPrompt, NotesInput, TextModel } from '../types.ts';
import { LocalLlmEngine } from './engine.ts';
import { CHAT_TEMPLATE_TOKENS } from './protocol.ts';
import { createLocalLanguageModel, localCallContext } from './language-model.ts';

/** What the local provider reads of the settings; without the models folder it has no model. */
export type LocalTextEnv = Partial<Pick<Env, 'modelsDir' | 'modelsCatalogFile' | 'localLlm'>>;

/** An installed notes model as the AI preferences list it. */
export interface LocalTextModelChoice {
  /** The catalog id ('qwen3-1.7b-q4_k_m'). */
  id: string;
  /** 'Local: Qwen3 1.7B'. */
  label: string;
  /** Absolute path of its GGUF file. */
  path: string;
  /** The context it was trained for (tokens), from the catalog. */
  contextTokens: number | undefined;
}

/**
 * The installed notes models (`kind: 'llm'`), the catalog's default first.
 * @returns an empty list without a models folder or when none is installed
 */
export function installedLocalTextModels(env: LocalTextEnv): LocalTextModelChoice[] {
  if (!env.modelsDir) return [];
  const notes = installedModels({
    modelsDir: env.modelsDir,
    modelsCatalogFile: env.modelsCatalogFile,
  }).filter((m) => m.entry.kind === 'llm' && m.paths.model);
  notes.sort((a, b) => Number(Boolean(b.entry.default)) - Number(Boolean(a.entry.default)));
  return notes.map((m) => ({
    id: m.entry.id,
    label: `Local: ${m.entry.name}`,
    path: m.paths.model!,
    contextTokens: m.entry.contextTokens,
  }));
}

/** One engine per model file for the life of the process; each unloads its model when idle. */
const engines = new Map<string, LocalLlmEngine>();

/** A local text-embedding model, as the assistant's retrieval uses it. */
export interface TextEmbedder {
  /** The catalog id of the model ('bge-small-en-v1.5-q8_0'): embeddings of another are not comparable. */
  readonly model: string;
  /**
   * One vector per text, in order, as the model gives it (not normalised).
   * @throws LocalLlmError when the model cannot be loaded, the worker dies or the signal aborts
   */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/**
 * The installed text-embedding model (the catalog's default first), on its own engine; undefined
 * when none is installed, and retrieval stays full-text only.
 */
export function localTextEmbedder(env: LocalTextEnv): TextEmbedder | undefined {
  if (!env.modelsDir) return undefined;
  const chosen = installedModelOfKind(
    { modelsDir: env.modelsDir, modelsCatalogFile: env.modelsCatalogFile },
    'text-embedding',
  );
  if (!chosen?.paths.model) return undefined;
  const engine = engineFor(env, chosen.paths.model);
  return {
    model: chosen.entry.id,
    embed: (texts, signal) => engine.embed(texts, signal ? { signal } : {}),
  };
}

function engineFor(env: LocalTextEnv, path: string): LocalLlmEngine {
  let engine = engines.get(path);
  if (!engine) {
    engine = new LocalLlmEngine({
      modelPath: path,
      parallel: env.localLlm?.parallel ?? 1,
      idleSeconds: env.localLlm?.idleSeconds ?? 300,
      threads: env.localLlm?.threads ?? defaultLocalLlmThreads(),
      ...(env.localLlm?.maxRamMb ? { maxRamMb: env.localLlm.maxRamMb } : {}),
    });
    engines.set(path, engine);
  }
  return engine;
}

/** Ends every local engine's worker (server shutdown). */
export async function closeLocalEngines(): Promise<void> {
  const all = [...engines.values()];
  engines.clear();
  await Promise.all(all.map((e) => e.close()));
}

/**
 * Tokens kept free of transcript in every request until the model has counted its prompts: the
 * longest answer and about 500 of instructions (the summary prompt is about 300 tokens in English
 * on Qwen's and Llama's tokenizers).
 */
const RESERVED_TOKENS = 2048;

/**
 * What a request holds beside its transcript: each text step's instructions (every built-in
 * summary template, and an unknown one, whose name the prompt repeats), with a map-reduce part's
 * heading as the meeting title and ten speaker labels.
 */
function promptsWithoutTranscript(): string[] {
  const title = 'Part 99 of 99, about minutes 999 to 999';
  const labels = Array.from({ length: 10 }, (_, i) => `Speaker ${i + 1}`);
  return [
    ...[...SUMMARY_TEMPLATE_IDS, 'x'.repeat(64)].map((template) =>
      summaryPrompt({ transcript: '', meetingTitle: title, template }),
    ),
    titlePrompt(''),
    actionItemsPrompt(''),
    speakerNamesPrompt('', labels),
    // The notes themselves are counted with the transcript (long-transcripts.ts).
    writtenNotesPrompt({ transcript: '', lines: [], meetingTitle: title }),
  ].map((p) => `${p.system}\n${p.prompt}`);
}

/** The longest answer a local model writes (tokens): a summary stays well under it. */
const MAX_ANSWER_TOKENS = 1536;

/**
 * The context the engine gives a model by default (./engine.ts), when the memory allows; before
 * its first load the model's own trained context caps it.
 */
const DEFAULT_CONTEXT_TOKENS = 16_384;

/**
 * The text model of an installed notes model, as 'local:<id>'.
 * @throws Error naming the model when it is not installed
 */
export function createLocalTextModel(
  env: LocalTextEnv,
  modelId: string,
  options: { maxOutputTokens?: number; timeoutMs?: number } = {},
): TextModel {
  const choice = installedLocalTextModels(env).find((m) => m.id === modelId);
  if (!choice) throw new Error(`The notes model '${modelId}' is not installed`);
  const engine = engineFor(env, choice.path);
  const maxAnswerTokens = options.maxOutputTokens ?? MAX_ANSWER_TOKENS;
  const id = `local:${modelId}`;
  const model = lazyTextModel(id, async () =>
    (await import('../ai-sdk/model.ts')).createAiSdkTextModel({
      id,
      model: createLocalLanguageModel(engine, modelId, maxAnswerTokens),
      json: 'schema',
      // A local failure is not a busy server: trying again gives the same answer.
      maxRetries: 0,
      // Two-hour meetings take many passes on two cores.
      timeoutMs: options.timeoutMs ?? 60 * 60 * 1000,
    }),
  );
  // The longest answer and the longest instructions, counted by the model on its first count.
  let reserved: number | undefined;
  const limit: ContextLimit = {
    // Read after a count, which loads the model: then the context it got (the memory budget may
    // have made it smaller); before, what the engine gives it when the memory allows.
    get maxInputTokens() {
      const context =
        engine.contextSize ??
        Math.min(choice.contextTokens ?? DEFAULT_CONTEXT_TOKENS, DEFAULT_CONTEXT_TOKENS);
      return Math.max(512, context - (reserved ?? RESERVED_TOKENS));
    },
    // By the model's own tokenizer: a fixed characters-per-token guess cut parts too long for
    // dense scripts (CJK) and byte-level vocabularies, which the engine then refused. When the
    // model cannot count (it fails to load, its worker dies), a guess of 3 characters a token
    // lets the request go on and fail with the engine's own error for the right step.
    countTokens: async (text) => {
      try {
        if (reserved !== undefined) return (await engine.countTokens([text]))[0]!;
        const [tokens, ...prompts] = await engine.countTokens([
          text,
          ...promptsWithoutTranscript(),
        ]);
        reserved = Math.max(...prompts) + CHAT_TEMPLATE_TOKENS + maxAnswerTokens;
        return tokens!;
      } catch {
        return Math.ceil(text.length / 3);
      }
    },
  };
  return withPurposes(withLongTranscripts(model, limit));
}

/**
 * The model's calls marked with what they are for: a meeting's notes, or a chat answer that hears
 * its place in the engine's queue and whether notes are being written ahead of it.
 */
function withPurposes(model: TextModel): TextModel {
  const notes = <T>(write: () => Promise<T>) => localCallContext.run({ purpose: 'notes' }, write);
  const answer = model.answer?.bind(model);
  return {
    id: model.id,
    generateTitle: (transcript, signal) => notes(() => model.generateTitle(transcript, signal)),
    summarize: (input, signal) => notes(() => model.summarize(input, signal)),
    extractActionItems: (transcript, signal) =>
      notes(() => model.extractActionItems(transcript, signal)),
    enhanceSpeakers: (transcript, signal) => notes(() => model.enhanceSpeakers(transcript, signal)),
    ...(model.findDoneItems && {
      findDoneItems: (
        input: Parameters<NonNullable<TextModel['findDoneItems']>>[0],
        signal?: AbortSignal,
      ) => notes(() => model.findDoneItems!(input, signal)),
    }),
    ...(model.writeAroundNotes && {
      writeAroundNotes: (input: NotesInput, signal?: AbortSignal) =>
        notes(() => model.writeAroundNotes!(input, signal)),
    }),
    ...(answer && {
      async *answer(input: ChatPrompt, signal?: AbortSignal, hooks?: AnswerHooks) {
        const onWaiting = hooks?.onWaiting;
        const context = {
          purpose: 'chat',
          ...(onWaiting && {
            onQueue: (position: number, ahead: string[]) =>
              onWaiting({ position, notes: ahead.includes('notes') }),
          }),
        };
        // Each step of the answer runs in the context, so the model call made in any of them
        // (the AI SDK starts it on the first) reads it.
        const iterable = localCallContext.run(context, () => answer(input, signal));
        const pieces = iterable[Symbol.asyncIterator]();
        for (;;) {
          const next = await localCallContext.run(context, () => pieces.next());
          if (next.done) return;
          yield next.value;
        }
      },
    }),
  };
}
