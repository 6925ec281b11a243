/**
 * The meeting assistant (`POST /api/chat`): gathers the sources of a question, then answers with
 * the user's chat model ('auto' or 'provider:model' from `ai_preferences.chatModel`, or the
 * request's provider and model), streaming its text; without a language model, quotes the best
 * passages (offline).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  CHAT_FAILED,
  CHAT_NO_RESPONSE,
  chatRequestSchema,
  type ChatAnswer,
  type ChatCitation,
  type ChatRequest,
  type ChatWaiting,
} from '@summy/core';
import type { Database } from '@summy/db';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors/app-errors.ts';
import type { TextModelOptions } from '../../providers/llm/catalog.ts';
import { localTextEmbedder, type LocalTextEnv } from '../../providers/llm/local/provider.ts';
import { selectTextModel } from '../../providers/llm/select.ts';
import { TextGenerationError } from '../../providers/llm/types.ts';
import { readTextPreferences } from '../text/text-preferences.ts';
import { chatPrompt, citedRefs } from './chat-prompt.ts';
import { gatherSources, type ChatSource } from './gather-sources.ts';
import { offlineAnswer } from './offline-answer.ts';

/** What answering needs. */
export interface ChatDeps {
  db: Database;
  /** Settings, and the models folder when local models may be installed. */
  env: Pick<Env, 'settings'> & LocalTextEnv;
  /** Model knobs (tests shorten retries). */
  modelOptions?: TextModelOptions;
}

/** Callbacks of a streamed answer. */
export interface ChatHooks {
  /** The sources, before any text. */
  onCitations?(citations: ChatCitation[]): void | Promise<void>;
  /** Each piece of the answer as it is generated. */
  onDelta?(text: string): void | Promise<void>;
  /** The answer's place in line for the model and whether notes are written ahead of it. */
  onWaiting?(wait: ChatWaiting): void | Promise<void>;
}

const QUOTE_MAX = 500;

/**
 * A source as the answer's citation (text clamped to 500 characters); a live segment's carries
 * `live: true` and its `seq` as `turnIndex`.
 */
export function toCitation(s: ChatSource): ChatCitation {
  return {
    ref: s.ref,
    text: s.text.length > QUOTE_MAX ? `${s.text.slice(0, QUOTE_MAX).trimEnd()}…` : s.text,
    section: s.section,
    meetingId: s.meetingId,
    meetingTitle: s.meetingTitle,
    speaker: s.section === 'transcript' ? s.speaker : null,
    start: s.section === 'transcript' ? s.start : null,
    turnIndex: s.section === 'transcript' ? s.position : null,
    // A live segment: turnIndex is its seq (./live-sources.ts).
    ...(s.live && { live: true }),
  };
}

// The offline answer arrives in pieces too, so the panel has one way to show answers.
function* pieces(text: string): Generator<string> {
  const parts = text.split(/(?<=\n\n)/);
  for (const p of parts) yield p;
}

/**
 * Answers a question.
 * @param input body of `POST /api/chat` (validated here too, so jobs and the CLI can call it)
 * @param signal the request's; aborts the model call when the client goes away
 * @throws NotFoundError when a context meeting is not the user's; AppError 'Chat failed' with
 *   details ('No response generated', 'Too many requests. Please try again later.', …) and the
 *   vendor's status (429, 401, 502, 504) when the model fails
 */
export async function answerQuestion(
  deps: ChatDeps,
  userId: string,
  input: ChatRequest,
  hooks: ChatHooks = {},
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const request = chatRequestSchema.parse(input);
  const question = request.content.trim();
  // With a local text-embedding model installed, passages are reranked by it (paraphrases).
  const embedder = localTextEmbedder(deps.env);
  const gathered = await gatherSources(deps.db, userId, request.context, question, {
    embedder,
    signal,
  });
  const all = gathered.sources.map(toCitation);
  await hooks.onCitations?.(all);

  const prefs = await readTextPreferences(deps.db, userId);
  const model = selectTextModel(
    deps.env,
    prefs.chatModel,
    { provider: request.provider, model: request.model },
    deps.modelOptions,
  );

  let text = '';
  let refs: number[];
  if (!model.answer) {
    const offline = offlineAnswer(gathered, { type: request.context.type });
    for (const piece of pieces(offline.text)) {
      text += piece;
      await hooks.onDelta?.(piece);
    }
    refs = offline.refs;
  } else {
    const prompt = chatPrompt({
      question,
      sources: gathered.sources,
      history: request.history ?? [],
      context: request.context.type,
      notReady: gathered.notReady,
    });
    try {
      const onWaiting = hooks.onWaiting;
      const waiting = onWaiting && { onWaiting: (wait: ChatWaiting) => void onWaiting(wait) };
      for await (const piece of model.answer(prompt, signal, waiting)) {
        text += piece;
        await hooks.onDelta?.(piece);
      }
    } catch (err) {
      // Answers 'Chat failed' / 'No response generated'.
      if (err instanceof TextGenerationError) {
        throw new AppError(
          err.status as ContentfulStatusCode,
          CHAT_FAILED,
          err.kind === 'empty' ? CHAT_NO_RESPONSE : err.details,
        );
      }
      throw err;
    }
    if (!text.trim()) throw new AppError(502, CHAT_FAILED, CHAT_NO_RESPONSE);
    refs = citedRefs(text, all.length);
  }
  const citations = refs.map((r) => all[r - 1]!);
  return { content: text, response: text, citations, model: model.id };
}
