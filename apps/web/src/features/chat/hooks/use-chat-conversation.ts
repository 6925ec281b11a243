/**
 * The panel's conversation: sending a question, reading the streamed answer, Stop, the documented
 * error sentences ('Sorry, I encountered an error: {error}. {details}' or 'Sorry, I'm having
 * trouble connecting right now. Please try again later.'), loading a saved chat, and saving
 * everything by the persistence rules.
 */
import { TEXT_LIMITS } from '@summy/core';
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { streamChat } from '../api/stream-chat';
import { chatHistory, readAnswer } from '../utils/answer-stream';
import {
  conversationReducer,
  initialConversation,
  messageMeetingId,
  type ChatUiMessage,
  type ConversationAction,
  type ConversationState,
} from '../utils/conversation-state';
import {
  useConversationPersistence,
  usePanelRequests,
  useSavedChatLoader,
} from './use-conversation-effects';

let nextId = 0;
const localId = () => `local-${Date.now().toString(36)}-${++nextId}`;

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
  const [state, dispatch] = useReducer(conversationReducer, undefined, initialConversation);
  const { session, chatId, titled, meetingIds, messages, loadChatId, question } = state;
  usePanelRequests(chatId, dispatch);
  const streaming = messages.some((m) => m.status === 'streaming');

  const current = useRef({ session, chatId, titled, meetingIds, messages });
  useEffect(() => {
    current.current = { session, chatId, titled, meetingIds, messages };
  });
  const latest = useCallback(() => current.current, []);
  const persistenceFor = useConversationPersistence(latest, { session, meetingIds }, dispatch);
  useSavedChatLoader(loadChatId, session, dispatch);
  const abortRef = useRef<{ session: number; controller: AbortController } | null>(null);

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      const now = current.current;
      if (!content || now.messages.some((m) => m.status === 'streaming')) return;
      const forSession = now.session;
      const persistence = persistenceFor();
      const ids = [...now.meetingIds];
      const meetingId = messageMeetingId(ids);
      const history = chatHistory(now.messages);

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
      const events = streamChat(
        { content, context: { type: 'meeting', meetingIds: ids }, history },
        controller.signal,
      );
      void readAnswer(events, {
        update: (patch: Partial<ChatUiMessage>) =>
          dispatch({ type: 'updateMessage', session: forSession, id: answerId, patch }),
        // The server refuses a saved message past its limit; keep what fits rather than nothing.
        save: (answer, citations) =>
          void persistence.saveMessage({
            content: answer.slice(0, TEXT_LIMITS.chatMessage),
            isUser: false,
            meetingId,
            citations,
          }),
      }).finally(() => {
        if (abortRef.current?.controller === controller) abortRef.current = null;
      });
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
