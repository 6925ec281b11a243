/**
 * A text model whose implementation is imported on its first call. The AI SDK and its provider
 * packages (with their source maps) hold about 5-10 MB of the server's heap; a server that has not
 * yet written notes or answered a question with a language model does not load them, which keeps
 * the idle server within its memory budget (docs/decisions/054-load-what-is-used.md).
 */
import type { AnswerHooks, ChatPrompt, TextModel } from './types.ts';

/**
 * Wraps `load` as a {@link TextModel} with id `id`. `load` runs once, on the first call; when it
 * rejects (a package failed to import), the call rejects with its error and the next call tries
 * again. The wrapped model must have `answer`: every model made by `createAiSdkTextModel` has.
 * @throws (per call) whatever `load` or the loaded model's method throws
 */
export function lazyTextModel(id: string, load: () => Promise<TextModel>): TextModel {
  let loading: Promise<TextModel> | undefined;
  const model = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return {
    id,
    generateTitle: async (transcript, signal) => (await model()).generateTitle(transcript, signal),
    summarize: async (input, signal) => (await model()).summarize(input, signal),
    extractActionItems: async (transcript, signal) =>
      (await model()).extractActionItems(transcript, signal),
    enhanceSpeakers: async (transcript, signal) =>
      (await model()).enhanceSpeakers(transcript, signal),
    // Every loaded model (createAiSdkTextModel) has it; one without answers with the offline way.
    findDoneItems: async (input, signal) => {
      const loaded = await model();
      if (!loaded.findDoneItems) throw new Error(`The text model ${id} cannot match open items`);
      return loaded.findDoneItems(input, signal);
    },
    writeAroundNotes: async (input, signal) => {
      const loaded = await model();
      if (!loaded.writeAroundNotes) throw new Error(`The text model ${id} cannot write notes`);
      return loaded.writeAroundNotes(input, signal);
    },
    async *answer(input: ChatPrompt, signal?: AbortSignal, hooks?: AnswerHooks) {
      const loaded = await model();
      if (!loaded.answer) throw new Error(`The text model ${id} cannot answer questions`);
      yield* loaded.answer(input, signal, hooks);
    },
  };
}
