/**
 * The conversation's ties to the rest of the app: the panel's opening requests, the chat marked
 * in Past chats, a reopened chat's saved messages, and the saving of each conversation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { toast } from '@/lib/toast';
import { createChat } from '../api/create-chat';
import { createChatMessage } from '../api/create-chat-message';
import { createLooseChatMessage } from '../api/create-loose-chat-message';
import { getChatMessagesQueryOptions } from '../api/get-chat-messages';
import { chatsQueryKey } from '../api/get-chats';
import { updateChat } from '../api/update-chat';
import {
  createChatPersistence,
  type ChatPersistence,
  type ChatPersistenceApi,
} from '../utils/chat-persistence';
import { readSavedCitations } from '../utils/citations';
import { createChatContextStore } from '../utils/context-store';
import type {
  ChatUiMessage,
  ConversationAction,
  ConversationState,
} from '../utils/conversation-state';
import { useChatPanel } from './use-chat';

const api: ChatPersistenceApi = {
  createChat,
  updateChat,
  createChatMessage,
  createLooseChatMessage,
};

const contextStore = createChatContextStore();

/** The parts of the conversation its persistence starts from, as last rendered. */
export type ConversationSnapshot = Pick<
  ConversationState,
  'session' | 'chatId' | 'titled' | 'meetingIds' | 'messages'
>;

/**
 * Applies the openings the provider recorded, in order (30 s reset, other meetings, saved chat,
 * question), then drops them from its queue; and tells Past chats which chat is on screen.
 */
export function usePanelRequests(chatId: string | null, dispatch: Dispatch<ConversationAction>) {
  const panel = useChatPanel();
  const { requests } = panel.state;
  const panelDispatch = panel.dispatch;

  useEffect(() => {
    if (requests.length === 0) return;
    for (const request of requests) dispatch({ type: 'apply', request });
    panelDispatch({ type: 'applied', upTo: requests[requests.length - 1]!.id });
  }, [requests, panelDispatch, dispatch]);

  // Past chats marks the chat on screen.
  useEffect(() => {
    panelDispatch({ type: 'chatId', chatId });
  }, [chatId, panelDispatch]);
}

/**
 * One persistence per conversation (session), created for the conversation `latest` answers (the
 * conversation as last rendered); it learns each change of `meetingIds`. Answers the getter of the
 * persistence of the conversation on screen.
 */
export function useConversationPersistence(
  latest: () => ConversationSnapshot,
  { session, meetingIds }: Pick<ConversationState, 'session' | 'meetingIds'>,
  dispatch: Dispatch<ConversationAction>,
): () => ChatPersistence {
  const queryClient = useQueryClient();
  const persistenceRef = useRef<{ session: number; persistence: ChatPersistence } | null>(null);

  const persistenceFor = useCallback((): ChatPersistence => {
    const now = latest();
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
  }, [latest, dispatch, queryClient]);

  // "A chat session is created when the panel opens or at the first message": at the first message
  // (saveMessage), so opening the panel never leaves an empty chat in Past chats.

  useEffect(() => {
    void persistenceFor().setMeetingIds(meetingIds);
  }, [meetingIds, session, persistenceFor]);

  return persistenceFor;
}

/** A saved chat reopened from Past chats: its messages, then the conversation goes on. */
export function useSavedChatLoader(
  loadChatId: string | null,
  session: number,
  dispatch: Dispatch<ConversationAction>,
) {
  const queryClient = useQueryClient();
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
}
