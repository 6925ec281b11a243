/**
 * The panel's conversation: sending a question, reading the streamed answer, Stop, the documented
 * error sentences ('Sorry, I encountered an error: {error}. {details}' or 'Sorry, I'm having
 * trouble connecting right now. Please try again later.'), loading a saved chat, and saving
 * everything by the persistence rules.
 */
import {
  CHAT_CONNECTION_ERROR,
  CHAT_FAILED,
  CHAT_NO_RESPONSE,
  chatErrorText,
  chatWaitingText,
  TEXT_LIMITS,
  type ChatCitation,
} from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { createChat } from '../api/create-chat';
import { createChatMessage } from '../api/create-chat-message';
import { createLooseChatMessage } from '../api/create-loose-chat-message';
import { getChatMessagesQueryOptions } from '../api/get-chat-messages';
import { chatsQueryKey } from '../api/get-chats';
import { streamChat } from '../api/stream-chat';
import { updateChat } from '../api/update-chat';
import {
  createChatPersistence,
  type ChatPersistence,
  type ChatPersistenceApi,
} from '../utils/chat-persistence';
import {
  conversationReducer,
  initialConversation,
  messageMeetingId,
  type ChatUiMessage,
  type ConversationAction,
  type ConversationState,
} from '../utils/conversation-state';
import { mentionedRefs, readSavedCitations } from '../utils/citations';
import { createChatContextStore } from '../utils/context-store';
import { useChatPanel } from './use-chat';

const api: ChatPersistenceApi = {
  createChat,
  updateChat,
  createChatMessage,
  createLooseChatMessage,
};

const contextStore = createChatContextStore();

/** Earlier turns sent with a question, at most (the server accepts 40). */
const HISTORY_MAX = 40;
/** Longest earlier turn sent, in characters (the server accepts 20,000). */
const HISTORY_ITEM_MAX = 20_000;

let nextId = 0;
const localId = () => `local-${Date.now().toString(36)}-${++nextId}`;

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

/** What {@link useChatConversation} gives the panel. */
export interface ChatConversation {
  /** The conversation on screen. */
  state: ConversationState;
  dispatch: Dispatch<ConversationAction>;
  /** Sends a question (ignored when blank or while an answer is streaming). */
  send(text: string): void;
  /** Stops the answer being streamed; its text so far stays. */
  stop(): void;
  /** True while an answer of this conversation is streaming. */
  streaming: boolean;
  /** True while a reopened chat's messages load. */
  loading: boolean;
}

/**
 * Runs the conversation held by `ChatProvider`. Mount once (the panel); the panel stays mounted
 * while closed, so a streaming answer is completed and saved even then.
 */
export function useChatConversation(): ChatConversation {
  const panel = useChatPanel();
  const [state, dispatch] = useReducer(conversationReducer, undefined, initialConversation);
  const queryClient = useQueryClient();
  const { session, chatId, titled, meetingIds, messages, loadChatId, question } = state;
  const { requests } = panel.state;
  const panelDispatch = panel.dispatch;

  // Openings recorded by the provider, applied in order (30 s reset, other meetings, saved chat,
  // question), then dropped from its queue.
  useEffect(() => {
    if (requests.length === 0) return;
    for (const request of requests) dispatch({ type: 'apply', request });
    panelDispatch({ type: 'applied', upTo: requests[requests.length - 1]!.id });
  }, [requests, panelDispatch]);

  // Past chats marks the chat on screen.
  useEffect(() => {
    panelDispatch({ type: 'chatId', chatId });
  }, [chatId, panelDispatch]);
  const streaming = messages.some((m) => m.status === 'streaming');

  // One persistence per conversation, created for the conversation on screen.
  const persistenceRef = useRef<{ session: number; persistence: ChatPersistence } | null>(null);
  const current = useRef({ session, chatId, titled, meetingIds, messages });
  useEffect(() => {
    current.current = { session, chatId, titled, meetingIds, messages };
  });

  const persistenceFor = useCallback((): ChatPersistence => {
    const now = current.current;
    if (persistenceRef.current?.session !== now.session) {
      const forSession = now.session;
      persistenceRef.current = {
        session: forSession,
        persistence: createChatPersistence({
          api,
          store: contextStore,
          chatId: now.chatId,
          titled: now.titled,
          meetingIds: now.meetingIds,
          onChatCreated: (id) => dispatch({ type: 'chatCreated', session: forSession, chatId: id }),
          onTitled: () => dispatch({ type: 'titled', session: forSession }),
          onSaved: () => void queryClient.invalidateQueries({ queryKey: chatsQueryKey }),
        }),
      };
    }
    return persistenceRef.current.persistence;
  }, [dispatch, queryClient]);

  const abortRef = useRef<{ session: number; controller: AbortController } | null>(null);

  // "A chat session is created when the panel opens or at the first message": at the first message
  // (saveMessage), so opening the panel never leaves an empty chat in Past chats.

  useEffect(() => {
    void persistenceFor().setMeetingIds(meetingIds);
  }, [meetingIds, session, persistenceFor]);

  // A saved chat reopened from Past chats: its messages, then the conversation goes on.
  useEffect(() => {
    if (!loadChatId) return;
    let cancelled = false;
    queryClient
      .fetchQuery(getChatMessagesQueryOptions(loadChatId))
      .then((saved) => {
        if (cancelled) return;
        const loaded: ChatUiMessage[] = saved.map((m) => ({
          id: m.id,
          isUser: m.isUser,
          content: m.content,
          citations: m.isUser ? [] : readSavedCitations(m.citations),
          status: 'done',
        }));
        dispatch({ type: 'messagesLoaded', session, chatId: loadChatId, messages: loaded });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        dispatch({ type: 'messagesLoaded', session, chatId: loadChatId, messages: [] });
        toast.error('Failed to load chat', {
          description: error instanceof Error ? error.message : undefined,
        });
      });
    return () => {
      cancelled = true;
    };
  }, [loadChatId, session, dispatch, queryClient]);

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      const now = current.current;
      if (!content || now.messages.some((m) => m.status === 'streaming')) return;
      const forSession = now.session;
      const persistence = persistenceFor();
      const ids = [...now.meetingIds];
      const meetingId = messageMeetingId(ids);
      const history = now.messages
        .filter((m) => m.status !== 'error' && m.status !== 'streaming' && m.content.trim())
        .slice(-HISTORY_MAX)
        .map((m) => ({ isUser: m.isUser, content: m.content.slice(0, HISTORY_ITEM_MAX) }));

      const answerId = localId();
      dispatch({
        type: 'addMessage',
        session: forSession,
        message: { id: localId(), isUser: true, content, citations: [], status: 'done' },
      });
      dispatch({
        type: 'addMessage',
        session: forSession,
        message: { id: answerId, isUser: false, content: '', citations: [], status: 'streaming' },
      });
      void persistence.saveMessage({ content, isUser: true, meetingId });

      const controller = new AbortController();
      abortRef.current = { session: forSession, controller };
      const update = (patch: Partial<ChatUiMessage>) =>
        dispatch({ type: 'updateMessage', session: forSession, id: answerId, patch });

      void (async () => {
        let answer = '';
        let sources: ChatCitation[] = [];
        // Streamed words are shown once per frame rather than once per token.
        let frame = 0;
        const flush = () => {
          frame = 0;
          update({ content: answer, citations: citedSoFar(answer, sources) });
        };
        const finish = (status: 'done' | 'stopped', citations: ChatCitation[]) => {
          if (frame) cancelAnimationFrame(frame);
          update({ content: answer, citations, sources, status });
          if (answer.trim()) {
            // The server refuses a saved message past its limit; keep what fits rather than nothing.
            void persistence.saveMessage({
              content: answer.slice(0, TEXT_LIMITS.chatMessage),
              isUser: false,
              meetingId,
              citations,
            });
          }
        };
        const fail = (message: string) => {
          if (frame) cancelAnimationFrame(frame);
          update({ content: message, citations: [], status: 'error' });
        };
        try {
          for await (const event of streamChat(
            { content, context: { type: 'meeting', meetingIds: ids }, history },
            controller.signal,
          )) {
            if (event.event === 'citations') {
              sources = event.data.citations;
              update({ sources });
            } else if (event.event === 'waiting') {
              update({ waiting: chatWaitingText(event.data) });
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
            else update({ status: 'stopped' });
            return;
          }
          fail(chatFailureText(error));
        } finally {
          if (abortRef.current?.controller === controller) abortRef.current = null;
        }
      })();
    },
    [dispatch, persistenceFor],
  );

  const stop = useCallback(() => {
    const running = abortRef.current;
    if (running?.session === current.current.session) running.controller.abort();
  }, []);

  // A question handed over at opening (the meeting view's Ask mode): sent once the panel is free.
  useEffect(() => {
    if (!question || loadChatId || streaming) return;
    dispatch({ type: 'questionTaken', id: question.id });
    send(question.text);
  }, [question, loadChatId, streaming, dispatch, send]);

  return { state, dispatch, send, stop, streaming, loading: Boolean(loadChatId) };
}
