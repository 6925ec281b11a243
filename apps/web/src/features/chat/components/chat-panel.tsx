/**
 * The 'Meeting Assistant' panel: a floating 640x640 window (the whole screen on narrow screens) or
 * a 384 px right sidebar, with the conversation, the meetings it is about and the question box with
 * its @ picker. Loaded lazily by `ChatProvider`.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { useChat, useChatPanel } from '../hooks/use-chat';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { useFocusOnOpen } from '../hooks/use-focus-on-open';
import { CHAT_PANEL_SLOT } from '../utils/panel-layout';
import { ChatComposer, type ChatComposerHandle } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { ChatPanelHeader } from './chat-panel-header';

/**
 * The floating window ("floating chat 640x640"): the whole screen under 768 px (Tailwind `md`),
 * else 640x640 at the bottom right, shrunk to fit a smaller window.
 */
const FLOATING_PANEL_CLASS =
  'fixed inset-0 z-40 flex flex-col overflow-hidden bg-background md:inset-auto md:right-4 md:bottom-4 md:h-[min(640px,calc(100dvh-2rem))] md:w-[min(640px,calc(100vw-2rem))] md:rounded-2xl md:border md:shadow-2xl';

/** Props of {@link ChatPanel}. */
export interface ChatPanelProps {
  /** True when shown as the docked right sidebar (the layout gives it its column). */
  docked: boolean;
}

/**
 * The panel. A non-modal dialog while floating (`role="dialog"`), a landmark when docked
 * (`role="complementary"`), named by its 'Meeting Assistant' heading either way. Focus moves to
 * the question box at each opening; Escape closes (after closing the picker first).
 */
export function ChatPanel({ docked }: ChatPanelProps) {
  const panel = useChatPanel().state;
  const controls = useChat();
  const conversation = useChatConversation();
  const { state, dispatch } = conversation;
  const composer = useRef<ChatComposerHandle>(null);
  const headingId = useId();
  const open = panel.mode !== 'closed';

  // Focus the question box at each opening (openCount counts them).
  useFocusOnOpen(open, panel.openCount, composer);

  // Titles known without asking the server: meetings picked with @, and those answers cited.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const knownTitles = useMemo(() => {
    const titles: Record<string, string> = {};
    for (const message of state.messages) {
      for (const c of [...message.citations, ...(message.sources ?? [])]) {
        if (c.meetingId && c.meetingTitle) titles[c.meetingId] = c.meetingTitle;
      }
    }
    return { ...titles, ...picked };
  }, [state.messages, picked]);

  const onNarrowScreen = () => window.matchMedia('(max-width: 767px)').matches;

  return (
    <div
      data-slot={CHAT_PANEL_SLOT}
      data-mode={panel.mode}
      role={docked ? 'complementary' : 'dialog'}
      aria-modal={docked ? undefined : false}
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          controls.close();
        }
      }}
      className={cn(
        !open && 'hidden',
        open &&
          (docked ? 'flex h-full w-full flex-col border-l bg-background' : FLOATING_PANEL_CLASS),
        'pb-[env(safe-area-inset-bottom)]',
      )}
    >
      <ChatPanelHeader
        headingId={headingId}
        mode={panel.mode}
        canStartNew={!(state.messages.length === 0 && !state.loadChatId)}
        onNewChat={() => {
          dispatch({ type: 'newConversation' });
          composer.current?.focus();
        }}
        onSetMode={(mode) => controls.setMode(mode)}
        onClose={controls.close}
      />

      <ChatMessages
        messages={state.messages}
        loading={conversation.loading}
        severalMeetings={state.meetingIds.length !== 1}
        onNavigate={() => {
          // On a phone the panel covers the page the citation opens.
          if (onNarrowScreen()) controls.close();
        }}
      />

      <ChatComposer
        ref={composer}
        meetingIds={state.meetingIds}
        knownTitles={knownTitles}
        streaming={conversation.streaming}
        onSend={conversation.send}
        onStop={conversation.stop}
        onAddMeeting={(meeting) => {
          setPicked((titles) => ({ ...titles, [meeting.id]: meeting.title }));
          if (!state.meetingIds.includes(meeting.id)) {
            dispatch({ type: 'setMeetingIds', meetingIds: [...state.meetingIds, meeting.id] });
          }
        }}
        onRemoveMeeting={(id) =>
          dispatch({ type: 'setMeetingIds', meetingIds: state.meetingIds.filter((m) => m !== id) })
        }
      />
    </div>
  );
}
