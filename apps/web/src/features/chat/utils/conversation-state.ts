/**
 * The conversation in the meeting assistant's panel, as a pure reducer ("After the panel has been
 * closed more than 30 seconds the history is cleared on reopen"). Each opening recorded by the
 * provider (`panel-state.ts`) is applied here: cleared after 30 s closed, a fresh conversation when
 * opened about other meetings, a saved chat to load, a question to send.
 */
import type { ChatCitation } from '@summy/core';
import type { OpenRequest } from './panel-state';

/**
 * One message on screen. `streaming` while the answer arrives, `done` once complete, `stopped`
 * when the person pressed Stop (the text so far stays), `error` for the documented error sentences
 * (never sent back to the server as history, never saved).
 */
export interface ChatUiMessage {
  /** Client-side id (server ids of loaded messages are reused). */
  id: string;
  isUser: boolean;
  /** Markdown for answers, plain text for questions. */
  content: string;
  /** The citations shown below an answer (the `done` event's, or the saved ones). */
  citations: ChatCitation[];
  /**
   * Passages the server gave the model (the stream's `citations` event), so `[n]` markers link
   * while the answer is still streaming; absent for loaded messages.
   */
  sources?: ChatCitation[];
  status: 'streaming' | 'done' | 'stopped' | 'error';
  /** While the answer waits for a busy local model: what it waits for (`chatWaitingText`). */
  waiting?: string;
}

/** A question waiting to be sent; `id` tells two equal questions apart. */
export interface PendingQuestion {
  id: number;
  text: string;
}

/** The conversation on screen. */
export interface ConversationState {
  /**
   * Counts conversations: a fresh one gets the next number, so answers still streaming for an
   * older one can no longer change the screen (their actions carry the old number).
   */
  session: number;
  /** The saved chat of this conversation, once created (or reopened). */
  chatId: string | null;
  /** True when the saved chat already has a title (no auto-title then). */
  titled: boolean;
  /** Meetings the questions are about; empty means all meetings. */
  meetingIds: string[];
  messages: ChatUiMessage[];
  /** A saved chat whose messages must be loaded, else null. */
  loadChatId: string | null;
  question: PendingQuestion | null;
}

/** Actions of {@link conversationReducer}. */
export type ConversationAction =
  | { type: 'apply'; request: OpenRequest }
  | { type: 'newConversation' }
  | { type: 'setMeetingIds'; meetingIds: readonly string[] }
  | { type: 'questionTaken'; id: number }
  | { type: 'chatCreated'; session: number; chatId: string }
  | { type: 'titled'; session: number }
  | { type: 'addMessage'; session: number; message: ChatUiMessage }
  | { type: 'updateMessage'; session: number; id: string; patch: Partial<ChatUiMessage> }
  | { type: 'messagesLoaded'; session: number; chatId: string; messages: ChatUiMessage[] };

/** The conversation before anything was asked. */
export function initialConversation(): ConversationState {
  return {
    session: 0,
    chatId: null,
    titled: false,
    meetingIds: [],
    messages: [],
    loadChatId: null,
    question: null,
  };
}

/** Same meetings, in any order. */
export function sameMeetings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** A fresh conversation: no messages, no saved chat, the given context. */
function fresh(state: ConversationState, meetingIds: readonly string[]): ConversationState {
  return {
    ...state,
    session: state.session + 1,
    chatId: null,
    titled: false,
    meetingIds: unique(meetingIds),
    messages: [],
    loadChatId: null,
    question: null,
  };
}

function apply(state: ConversationState, { id, options, reset }: OpenRequest): ConversationState {
  let next = reset ? fresh(state, []) : state;
  if (options.chatId) {
    if (options.chatId !== next.chatId) {
      next = {
        ...fresh(next, options.meetingIds ?? []),
        chatId: options.chatId,
        titled: Boolean(options.title?.trim()),
        loadChatId: options.chatId,
      };
    }
  } else if (options.meetingIds && !sameMeetings(options.meetingIds, next.meetingIds)) {
    // About other meetings: a fresh conversation, unless nothing was said yet (then the same,
    // still empty, chat simply changes its context).
    next =
      next.messages.length > 0 || next.loadChatId
        ? fresh(next, options.meetingIds)
        : { ...next, meetingIds: unique(options.meetingIds) };
  }
  const text = options.question?.trim();
  return text ? { ...next, question: { id, text } } : next;
}

/**
 * The conversation's state machine. Actions carrying a `session` from an older conversation are
 * ignored, so a stream that outlives its conversation cannot write into the next one.
 */
export function conversationReducer(
  state: ConversationState,
  action: ConversationAction,
): ConversationState {
  switch (action.type) {
    case 'apply':
      return apply(state, action.request);
    case 'newConversation':
      return fresh(state, state.meetingIds);
    case 'setMeetingIds':
      return { ...state, meetingIds: unique(action.meetingIds) };
    case 'questionTaken':
      return state.question?.id === action.id ? { ...state, question: null } : state;
  }
  if (action.session !== state.session) return state;
  switch (action.type) {
    case 'chatCreated':
      return { ...state, chatId: action.chatId };
    case 'titled':
      return { ...state, titled: true };
    case 'addMessage':
      return { ...state, messages: [...state.messages, action.message] };
    case 'updateMessage':
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, ...action.patch } : m)),
      };
    case 'messagesLoaded':
      if (state.loadChatId !== action.chatId) return state;
      // Questions asked while the old messages were loading stay after them.
      return { ...state, loadChatId: null, messages: [...action.messages, ...state.messages] };
  }
}

/** The meeting a message belongs to: the single meeting of the context, else null. */
export function messageMeetingId(meetingIds: readonly string[]): string | null {
  return meetingIds.length === 1 ? meetingIds[0]! : null;
}
