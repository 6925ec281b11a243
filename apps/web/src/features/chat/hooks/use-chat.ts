/**
 * The meeting assistant's controls and panel state, as provided by `ChatProvider` in the app
 * layout. Split in two contexts: the controls never change, so a screen that only opens the panel
 * (the recorder's Chat button) does not re-render when the panel moves.
 */
import { createContext, useContext, type Dispatch } from 'react';
import type { ChatOpenMode, OpenChatOptions, PanelAction, PanelState } from '../utils/panel-state';

/** What {@link useChat} gives: stable functions that drive the panel. */
export interface ChatControls {
  /**
   * Opens the panel (in its last mode, floating at first). With `meetingIds` different from the
   * current context it starts a fresh conversation about them; with `chatId` it reopens that saved
   * chat; with `question` it sends that question once open. Reopened more than 30 s after closing,
   * the previous conversation is gone.
   */
  openChat(options?: OpenChatOptions): void;
  /** Closes the panel; the conversation is kept for 30 s. */
  close(): void;
  /** Opens or closes, as Cmd+J (macOS) or Ctrl+J does. */
  toggle(): void;
  /** Moves the open panel to the floating window or the right sidebar. */
  setMode(mode: ChatOpenMode): void;
}

/** The controls' context; null outside `ChatProvider`. */
export const ChatControlsContext = createContext<ChatControls | null>(null);

/** The panel state's context, with the reducer's dispatch for the panel itself. */
export const ChatPanelContext = createContext<{
  state: PanelState;
  dispatch: Dispatch<PanelAction>;
} | null>(null);

/**
 * The panel's controls. Throws outside `ChatProvider`, which is a programming error.
 */
export function useChat(): ChatControls {
  const value = useContext(ChatControlsContext);
  if (!value) throw new Error('useChat must be used inside ChatProvider');
  return value;
}

/**
 * Where the panel is (mode, openings waiting for the panel, the saved chat on screen) and the
 * reducer's dispatch. The conversation itself is the panel's own state.
 */
export function useChatPanel(): { state: PanelState; dispatch: Dispatch<PanelAction> } {
  const value = useContext(ChatPanelContext);
  if (!value) throw new Error('useChatPanel must be used inside ChatProvider');
  return value;
}
