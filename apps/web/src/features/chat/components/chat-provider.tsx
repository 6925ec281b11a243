/**
 * The meeting assistant's provider and the place the panel goes in the layout. This file is in
 * every signed-in page's initial JavaScript, so it holds only the state machine and the Cmd/Ctrl+J
 * shortcut; the panel's code loads on the first opening (or when the browser is idle).
 */
import { Suspense, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import {
  ChatControlsContext,
  ChatPanelContext,
  useChatPanel,
  type ChatControls,
} from '../hooks/use-chat';
import {
  initialPanelState,
  isApplePlatform,
  isChatToggleShortcut,
  panelReducer,
} from '../utils/panel-state';
import { CHAT_PANEL_SLOT, SIDEBAR_QUERY } from '../utils/panel-layout';

const ChatPanel = lazyWithPreload(() => import('./chat-panel').then((m) => m.ChatPanel));

/** The element focused before the panel opened, to go back to when it closes. */
function focusBack(target: Element | null) {
  requestAnimationFrame(() => {
    const panel = document.querySelector(`[data-slot="${CHAT_PANEL_SLOT}"]`);
    const active = document.activeElement;
    // Only when focus was in the panel (or lost with it): a click elsewhere keeps its own focus.
    if (active && active !== document.body && !panel?.contains(active)) return;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  });
}

/**
 * Provides the panel's state and controls to the signed-in app, and toggles the panel on Cmd+J
 * (Apple platforms) or Ctrl+J (elsewhere), taking the key from the browser.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(panelReducer, undefined, initialPanelState);
  const open = state.mode !== 'closed';
  const openRef = useRef(open);
  const returnFocus = useRef<Element | null>(null);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  const controls = useMemo<ChatControls>(() => {
    const rememberFocus = () => {
      if (!openRef.current) returnFocus.current = document.activeElement;
    };
    const close = () => {
      dispatch({ type: 'close', now: Date.now() });
      focusBack(returnFocus.current);
    };
    return {
      openChat(options) {
        rememberFocus();
        dispatch({ type: 'open', options, now: Date.now() });
      },
      close,
      toggle() {
        if (openRef.current) return close();
        rememberFocus();
        dispatch({ type: 'open', now: Date.now() });
      },
      setMode(mode) {
        dispatch({ type: 'setMode', mode });
      },
    };
  }, []);

  useEffect(() => {
    const apple = isApplePlatform(navigator.platform || navigator.userAgent);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !isChatToggleShortcut(event, apple)) return;
      event.preventDefault();
      controls.toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controls]);

  // The panel's code, fetched while the browser has nothing else to do, so the first opening is
  // immediate; it never counts in the first visit's JavaScript.
  useEffect(() => {
    const preload = () => void ChatPanel.preload();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 2000);
    return () => clearTimeout(id);
  }, []);

  const stateValue = useMemo(() => ({ state, dispatch }), [state]);
  return (
    <ChatControlsContext value={controls}>
      <ChatPanelContext value={stateValue}>{children}</ChatPanelContext>
    </ChatControlsContext>
  );
}

/**
 * Where the panel lives in the layout: put it beside the main column. Docked in the sidebar mode
 * (from 1024 px up) it is a 384 px column that pushes the content aside instead of covering it;
 * otherwise it takes no room and the panel floats (640x640 at the bottom right, the whole screen
 * under 768 px). Mounted from the first opening on and kept while closed, so an answer still
 * streaming when the panel closes is finished and saved, and the conversation is there on reopen.
 */
export function ChatPanelSlot() {
  const { state } = useChatPanel();
  const [used, setUsed] = useState(false);
  if (state.mode !== 'closed' && !used) setUsed(true);
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const docked = state.mode === 'sidebar' && wide;
  return (
    <div data-slot="chat-column" className={docked ? 'h-full w-96 shrink-0' : 'contents'}>
      {used && (
        // No fallback: the code is usually preloaded; otherwise it takes a moment on first open.
        <Suspense>
          <ChatPanel docked={docked} />
        </Suspense>
      )}
    </div>
  );
}
