/**
 * Reading the assistant's streamed answer into the message on screen: words once per frame,
 * `[n]` markers linked as they arrive, and the documented error sentences ('Sorry, I encountered
 * an error: {error}. {details}' or 'Sorry, I'm having trouble connecting right now. Please try
 * again later.').
 */
import {
  CHAT_CONNECTION_ERROR,
  CHAT_FAILED,
  CHAT_NO_RESPONSE,
  chatErrorText,
  chatWaitingText,
  type ChatCitation,
  type ChatStreamEvent,
} from '@summy/core';
import { ApiRequestError } from '@/lib/api-client';
import { mentionedRefs } from './citations';
import type { ChatUiMessage } from './conversation-state';

/** Earlier turns sent with a question, at most (the server accepts 40). */
const HISTORY_MAX = 40;
/** Longest earlier turn sent, in characters (the server accepts 20,000). */
const HISTORY_ITEM_MAX = 20_000;

/**
 * The earlier turns sent with a question: the last 40 that are neither errors, still streaming,
 * nor blank, each cut to 20,000 characters.
 */
export function chatHistory(messages: readonly ChatUiMessage[]) {
  return messages
    .filter((m) => m.status !== 'error' && m.status !== 'streaming' && m.content.trim())
    .slice(-HISTORY_MAX)
    .map((m) => ({ isUser: m.isUser, content: m.content.slice(0, HISTORY_ITEM_MAX) }));
}

/** The citations an unfinished answer refers to so far, among those the server gave the model. */
function citedSoFar(text: string, sources: readonly ChatCitation[]): ChatCitation[] {
  const byRef = new Map(sources.map((c) => [c.ref, c]));
  return mentionedRefs(text).flatMap((ref) => byRef.get(ref) ?? []);
}

/** What the panel shows when asking failed: the server's words, or the connection sentence. */
export function chatFailureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status > 0) {
    return chatErrorText(error.message, error.details);
  }
  return CHAT_CONNECTION_ERROR;
}

/** Where {@link readAnswer} puts the answer. */
export interface AnswerSink {
  /** Changes the answer's message on screen. */
  update(patch: Partial<ChatUiMessage>): void;
  /** Saves a finished or stopped answer that is not blank, with the citations it shows. */
  save(content: string, citations: ChatCitation[]): void;
}

/**
 * Reads `events` (the stream of one question) into `sink`: the sources, the waiting note, the
 * words (shown once per animation frame), then the final answer and its citations. A blank final
 * answer, an `error` event, a failed request or a stream cut before its end with nothing shown
 * becomes an error sentence; an abort (Stop) keeps the words so far as `stopped`. Never throws.
 */
export async function readAnswer(
  events: AsyncIterable<ChatStreamEvent>,
  sink: AnswerSink,
): Promise<void> {
  let answer = '';
  let sources: ChatCitation[] = [];
  // Streamed words are shown once per frame rather than once per token.
  let frame = 0;
  const flush = () => {
    frame = 0;
    sink.update({ content: answer, citations: citedSoFar(answer, sources) });
  };
  const finish = (status: 'done' | 'stopped', citations: ChatCitation[]) => {
    if (frame) cancelAnimationFrame(frame);
    sink.update({ content: answer, citations, sources, status });
    if (answer.trim()) sink.save(answer, citations);
  };
  const fail = (message: string) => {
    if (frame) cancelAnimationFrame(frame);
    sink.update({ content: message, citations: [], status: 'error' });
  };
  try {
    for await (const event of events) {
      if (event.event === 'citations') {
        sources = event.data.citations;
        sink.update({ sources });
      } else if (event.event === 'waiting') {
        sink.update({ waiting: chatWaitingText(event.data) });
      } else if (event.event === 'delta') {
        answer += event.data.text;
        frame ||= requestAnimationFrame(flush);
      } else if (event.event === 'done') {
        answer = event.data.content || event.data.response;
        if (!answer.trim()) return fail(chatErrorText(CHAT_FAILED, CHAT_NO_RESPONSE));
        return finish('done', event.data.citations);
      } else {
        return fail(chatErrorText(event.data.error, event.data.details));
      }
    }
    // The stream ended without its final event: keep what arrived, if anything.
    if (answer.trim()) finish('done', citedSoFar(answer, sources));
    else fail(CHAT_CONNECTION_ERROR);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      if (answer.trim()) finish('stopped', citedSoFar(answer, sources));
      else sink.update({ status: 'stopped' });
      return;
    }
    fail(chatFailureText(error));
  }
}
