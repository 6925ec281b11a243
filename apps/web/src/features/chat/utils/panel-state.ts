/**
 * Where the meeting assistant's panel is, as a pure reducer (closed, floating or sidebar; toggled
 * with Cmd+J). This part is in every signed-in page's initial JavaScript, so it only records
 * openings; the conversation itself (and the 30 s reset it applies) lives in the lazily loaded
 * panel (`conversation-state.ts`).
 */
import { CHAT_HISTORY_RESET_MS } from '@summy/core';

/** Where the panel is: hidden, a 640x640 floating window, or a 384 px right sidebar. */
export type ChatPanelMode = 'closed' | 'floating' | 'sidebar';

/** The two visible modes of {@link ChatPanelMode}. */
export type ChatOpenMode = Exclude<ChatPanelMode, 'closed'>;

/** What a caller can ask of `openChat`. */
export interface OpenChatOptions {
  /**
   * The meetings the conversation is about (empty = all of the user's meetings). Absent keeps the
   * current context. A context different from the current one starts a fresh conversation.
   */
  meetingIds?: readonly string[];
  /** Reopen this saved chat (Past chats): its messages are loaded by the panel. */
  chatId?: string;
  /** The saved chat's title, so the auto-title is not written over it (with `chatId`). */
  title?: string | null;
  /** A question to send as soon as the panel is open (the meeting view's Ask mode). */
  question?: string;
  /** Open in this mode instead of the last one used. */
  mode?: ChatOpenMode;
  /**
   * The mode that suits the caller's screen, used when the panel opens and the person has not
   * moved it themselves yet (the meeting view prefers the sidebar, which leaves the meeting and
   * the cited turns in view).
   */
  preferredMode?: ChatOpenMode;
}

/**
 * An opening, waiting for the panel to apply it to the conversation. `reset` says the panel had
 * been closed for more than 30 s ("the history is cleared on reopen").
 */
export interface OpenRequest {
  id: number;
  options: OpenChatOptions;
  reset: boolean;
}

/** The provider's state. */
export interface PanelState {
  mode: ChatPanelMode;
  /** The visible mode to come back to when toggled open. */
  lastOpenMode: ChatOpenMode;
  /** When the panel was last closed (ms since epoch), null while open or never closed. */
  closedAt: number | null;
  /** Increments at each opening, so the panel moves focus to its input every time. */
  openCount: number;
  /** Openings the panel has not applied yet, oldest first. */
  requests: OpenRequest[];
  /** Last request id given out. */
  requestSeq: number;
  /** The saved chat on screen, as the panel reports it (Past chats marks it). */
  chatId: string | null;
  /** True once the person moved the panel: their choice then wins over a preferred mode. */
  modeChosen: boolean;
}

/** Actions of {@link panelReducer}; `now` is ms since epoch, passed in to keep the reducer pure. */
export type PanelAction =
  | { type: 'open'; options?: OpenChatOptions; now: number }
  | { type: 'close'; now: number }
  | { type: 'toggle'; now: number }
  | { type: 'setMode'; mode: ChatOpenMode }
  | { type: 'applied'; upTo: number }
  | { type: 'chatId'; chatId: string | null };

/** The state before the panel was ever opened. */
export function initialPanelState(): PanelState {
  return {
    mode: 'closed',
    lastOpenMode: 'floating',
    closedAt: null,
    openCount: 0,
    requests: [],
    requestSeq: 0,
    chatId: null,
    modeChosen: false,
  };
}

function open(state: PanelState, options: OpenChatOptions, now: number): PanelState {
  const closed = state.mode === 'closed';
  const mode =
    options.mode ??
    (state.mode !== 'closed'
      ? state.mode
      : (!state.modeChosen && options.preferredMode) || state.lastOpenMode);
  const id = state.requestSeq + 1;
  return {
    ...state,
    mode,
    lastOpenMode: mode,
    closedAt: null,
    openCount: closed ? state.openCount + 1 : state.openCount,
    requestSeq: id,
    requests: [
      ...state.requests,
      {
        id,
        options,
        reset: closed && state.closedAt !== null && now - state.closedAt > CHAT_HISTORY_RESET_MS,
      },
    ],
  };
}

/** The panel's open/close state machine. */
export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'open':
      return open(state, action.options ?? {}, action.now);
    case 'toggle':
      return state.mode === 'closed'
        ? open(state, {}, action.now)
        : { ...state, mode: 'closed', closedAt: action.now };
    case 'close':
      return state.mode === 'closed' ? state : { ...state, mode: 'closed', closedAt: action.now };
    case 'setMode':
      return state.mode === 'closed'
        ? state
        : { ...state, mode: action.mode, lastOpenMode: action.mode, modeChosen: true };
    case 'applied':
      return { ...state, requests: state.requests.filter((r) => r.id > action.upTo) };
    case 'chatId':
      return state.chatId === action.chatId ? state : { ...state, chatId: action.chatId };
  }
}

/** True on macOS and iOS, where the shortcut is Cmd+J rather than Ctrl+J. */
export function isApplePlatform(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/**
 * Whether a key press is the panel's toggle ("toggled with Cmd+J"): Cmd+J on Apple platforms,
 * Ctrl+J elsewhere, without Shift or Alt (those stay the browser's).
 */
export function isChatToggleShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
  apple: boolean,
): boolean {
  if (event.key.toLowerCase() !== 'j' || event.altKey || event.shiftKey) return false;
  return apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}
